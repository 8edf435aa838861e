import type { TNotificationChannel, TNotificationEvent, TNotificationPreferences } from '@fit24/contract';
import { IonToggle } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from '../api/settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/** The events, in the order the server lists them (NOTIFICATION_EVENTS); their words: account:notifications.events. */
const EVENTS: TNotificationEvent[] = [
  'order_filled',
  'price_alert',
  'deposit_credited',
  'withdrawal_sent',
  'new_device_signin',
  'reward',
];

const CHANNELS: TNotificationChannel[] = ['email', 'push'];

/** Every event × email and push, each a switch saved at once. In-app notifications are always kept. */
export function NotificationsPanel({ choices }: { choices: TNotificationPreferences | undefined }) {
  const { t } = useTranslation('account');
  const save = useSaveSettings();
  const toggle = (event: TNotificationEvent, channel: TNotificationChannel, on: boolean) =>
    save.mutate({ notifications: { [event]: { [channel]: on ? 1 : 0 } } });
  return (
    <SettingsPanel name="notifications" title={t('notifications.title')} lead={t('notifications.lead')}>
      <table className="settings-matrix">
        <caption className="fit24-visually-hidden">{t('notifications.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('notifications.event')}</th>
            {CHANNELS.map((channel) => (
              <th key={channel} scope="col">
                {t(`notifications.channels.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {EVENTS.map((event) => (
            <tr key={event} data-testid={`settings-event-${event}`}>
              <th scope="row" className="settings-matrix__event">
                <strong>{t(`notifications.events.${event}.label`)}</strong>
                <small>{t(`notifications.events.${event}.hint`)}</small>
              </th>
              {CHANNELS.map((channel) => (
                <td key={channel} className="settings-matrix__cell">
                  <IonToggle
                    aria-label={t('notifications.toggle', {
                      channel: t(`notifications.channels.${channel}`),
                      event: t(`notifications.events.${event}.label`),
                    })}
                    checked={choices?.[event][channel] === 1}
                    disabled={!choices}
                    onIonChange={(e) => toggle(event, channel, e.detail.checked)}
                    data-testid={`settings-notify-${event}-${channel}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SettingsPanel>
  );
}
