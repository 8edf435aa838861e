import type { TNotification } from '@fit24/contract';
import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonRefresher,
  IonRefresherContent,
  useIonRouter,
} from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsOffOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { NOTIFICATIONS_LIST_KEY, useNotifications } from '../api/get-notifications.ts';
import { UNREAD_KEY, useUnreadCount } from '../api/get-unread.ts';
import { listedNotifications, useLiveNotifications } from '../api/live.ts';
import { applyRead, markRead, setUnread } from '../api/read-notifications.ts';
import { NotificationItem } from '../components/NotificationItem.tsx';
import { notificationHref } from '../components/notification-link.ts';
import '../../../components/ui/forms.css';
import './notifications.css';

/** Deposits, withdrawals, transfers, sign-ins and rewards, newest first, live; unread ones stand out. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const router = useIonRouter();
  useLiveNotifications();
  const list = useNotifications();
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const toast = useToast();
  const readingAll = useAction();
  const items = listedNotifications(list.data);
  const anyUnread = unread > 0 || items.some((n) => n.is_read === 0);
  const nowSeconds = Math.floor(Date.now() / 1000);

  const resync = () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  };

  const markOneRead = async (notification: TNotification) => {
    if (notification.is_read === 1) return;
    const which = { ids: [notification.notification_id] };
    applyRead(queryClient, which);
    const answer = await markRead(which);
    if (answer.error) {
      toast.error(answer.message);
      resync();
    } else {
      setUnread(queryClient, answer.data.unread);
    }
  };

  /** Marks it read (in the background: the badge and the list change at once) and opens its page. */
  const open = (notification: TNotification) => {
    void markOneRead(notification);
    const href = notificationHref(notification);
    if (href) router.push(href);
  };

  const readAll = () =>
    readingAll.run({
      send: () => markRead('all'),
      onSuccess: (data) => {
        applyRead(queryClient, 'all');
        setUnread(queryClient, data.unread);
      },
    });

  return (
    <PageShell
      page="notifications"
      title={t('page.title')}
      backHref="/tabs/home"
      end={
        <IonButton
          onClick={() => void readAll()}
          disabled={!anyUnread || readingAll.busy}
          data-testid="notifications-read-all"
        >
          {t('page.readAll')}
        </IonButton>
      }
    >
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) =>
          void Promise.all([
            queryClient.resetQueries({ queryKey: NOTIFICATIONS_LIST_KEY }),
            queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
          ]).finally(() => event.detail.complete())
        }
      >
        <IonRefresherContent />
      </IonRefresher>
      {list.isPending && <ListSkeleton rows={6} label={t('page.loading')} testId="notifications-loading" />}
      {list.isError && (
        <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="notifications-error">
          {list.error.message}
        </div>
      )}
      {list.isSuccess && items.length === 0 && (
        <EmptyState icon={notificationsOffOutline} title={t('page.emptyTitle')} testId="notifications-empty">
          <p>{t('page.emptyText')}</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="notice-list" data-testid="notifications-list">
          {items.map((n) => (
            <NotificationItem
              key={n.notification_id}
              notification={n}
              nowSeconds={nowSeconds}
              onOpen={open}
            />
          ))}
        </ul>
      )}
      <IonInfiniteScroll
        disabled={!list.hasNextPage}
        onIonInfinite={(event) => void list.fetchNextPage().finally(() => event.target.complete())}
      >
        <IonInfiniteScrollContent loadingText={t('page.loadingMore')} />
      </IonInfiniteScroll>
    </PageShell>
  );
}
