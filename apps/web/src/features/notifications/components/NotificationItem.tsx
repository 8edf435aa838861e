import type { TNotification } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { formatAgo } from '../../../lib/format.ts';
import { notificationIcon } from './notification-kind.ts';

/** One notification: unread ones carry a dot and a tint; pressing one marks it read and opens its page. */
export function NotificationItem({
  notification,
  nowSeconds,
  onOpen,
}: {
  notification: TNotification;
  nowSeconds: number;
  onOpen: (notification: TNotification) => void;
}) {
  const { t } = useTranslation('notifications');
  const unread = notification.is_read === 0;
  return (
    <li>
      <button
        type="button"
        className={`notice-item${unread ? ' notice-item--unread' : ''}`}
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-unread={unread ? '1' : '0'}
        data-id={notification.notification_id}
      >
        <span className="notice-item__icon">
          <IonIcon icon={notificationIcon(notification.type)} aria-hidden="true" />
        </span>
        <span className="notice-item__text">
          <span className="notice-item__head">
            <span className="notice-item__title">{notification.title}</span>
            <time
              className="notice-item__time"
              dateTime={new Date(notification.creation_date * 1000).toISOString()}
            >
              {formatAgo(notification.creation_date, nowSeconds)}
            </time>
          </span>
          <span className="notice-item__body">{notification.body}</span>
        </span>
        {unread && <span className="notice-item__dot" role="img" aria-label={t('item.unread')} />}
      </button>
    </li>
  );
}
