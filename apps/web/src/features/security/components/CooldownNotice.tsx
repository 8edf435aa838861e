import type { TSecurity } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { hourglassOutline } from 'ionicons/icons';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

/** Withdrawals and transfers paused after a security change: until when, and why. */
export function CooldownNotice({ security, testId }: { security: TSecurity; testId?: string }) {
  const now = useNowSeconds(30_000);
  if (security.cooldown_until === null || security.cooldown_until <= now) return null;
  return (
    <div className="fit24-notice fit24-notice--warning" data-testid={testId}>
      <IonIcon icon={hourglassOutline} color="warning" aria-hidden="true" />
      <span>
        Withdrawals and transfers are paused until {formatDateTime(security.cooldown_until)}
        {security.cooldown_reason ? ` (${security.cooldown_reason})` : ''}, for your safety after a security
        change.
      </span>
    </div>
  );
}
