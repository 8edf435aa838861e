import type { TNotificationChannel, TNotificationEvent, TNotificationPreferences } from '@fit24/contract';
import { IonToggle } from '@ionic/react';
import { useSaveSettings } from '../api/settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/** The events, in the order the server lists them (NOTIFICATION_EVENTS), in words. */
const EVENTS: Array<{ event: TNotificationEvent; label: string; hint: string }> = [
  { event: 'order_filled', label: 'Order fills', hint: 'An order of yours is filled, in full or in part' },
  { event: 'price_alert', label: 'Price alerts', hint: 'A market reaches a price you set an alert for' },
  { event: 'deposit_credited', label: 'Deposits', hint: 'A deposit is credited to your wallet' },
  { event: 'withdrawal_sent', label: 'Withdrawals', hint: 'A withdrawal is sent, completes or comes back' },
  {
    event: 'new_device_signin',
    label: 'New sign-ins',
    hint: 'Your account is signed in from a new device or address; the email has the link to freeze it',
  },
  { event: 'reward', label: 'Rewards', hint: 'Affiliate income is paid or a rank is reached' },
];

const CHANNEL_WORDS: Record<TNotificationChannel, string> = { email: 'Email', push: 'Push' };

/** Every event × email and push, each a switch saved at once. In-app notifications are always kept. */
export function NotificationsPanel({ choices }: { choices: TNotificationPreferences | undefined }) {
  const save = useSaveSettings();
  const toggle = (event: TNotificationEvent, channel: TNotificationChannel, on: boolean) =>
    save.mutate({ notifications: { [event]: { [channel]: on ? 1 : 0 } } });
  return (
    <SettingsPanel
      name="notifications"
      title="Notifications"
      lead="Choose how we tell you. Every notification is also kept in the app's notification list."
    >
      <table className="settings-matrix">
        <caption className="settings-visually-hidden">Notifications by email and push</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Email</th>
            <th scope="col">Push</th>
          </tr>
        </thead>
        <tbody>
          {EVENTS.map(({ event, label, hint }) => (
            <tr key={event} data-testid={`settings-event-${event}`}>
              <th scope="row" className="settings-matrix__event">
                <strong>{label}</strong>
                <small>{hint}</small>
              </th>
              {(['email', 'push'] as const).map((channel) => (
                <td key={channel} className="settings-matrix__cell">
                  <IonToggle
                    aria-label={`${CHANNEL_WORDS[channel]}: ${label}`}
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
