/** English strings of the notifications screens (the source language: every other locale mirrors these keys). */
export default {
  page: {
    title: 'Notifications',
    readAll: 'Mark all read',
    loading: 'Loading notifications',
    loadingMore: 'Loading more',
    emptyTitle: 'No notifications yet',
    emptyText: 'Deposits, withdrawals, transfers and sign-ins from new devices will be announced here.',
  },
  item: {
    unread: 'Unread',
  },
};
