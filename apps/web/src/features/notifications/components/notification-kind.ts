import {
  arrowDownOutline,
  arrowUpOutline,
  checkmarkDoneOutline,
  giftOutline,
  keyOutline,
  lockClosedOutline,
  notificationsOutline,
  phonePortraitOutline,
  swapHorizontalOutline,
  trophyOutline,
} from 'ionicons/icons';

/** The icon of a notification by its type (the server's names; unknown types get a bell). */
export function notificationIcon(type: string): string {
  const t = type.toUpperCase();
  if (t.startsWith('DEPOSIT')) return arrowDownOutline;
  if (t.startsWith('WITHDRAW')) return arrowUpOutline;
  if (t.startsWith('TRANSFER')) return swapHorizontalOutline;
  if (t.startsWith('ORDER')) return checkmarkDoneOutline;
  if (t.startsWith('STAKE') || t.startsWith('LOCK')) return lockClosedOutline;
  if (t.startsWith('REWARD')) return giftOutline;
  if (t.startsWith('RANK')) return trophyOutline;
  if (t.includes('DEVICE') || t.includes('SIGNIN')) return phonePortraitOutline;
  if (t.includes('PASSWORD')) return keyOutline;
  return notificationsOutline;
}
