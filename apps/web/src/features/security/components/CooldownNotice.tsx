import type { TSecurity } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { hourglassOutline } from 'ionicons/icons';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';

/** "24 hours", "1 hour", "30 minutes". */
export function describeSeconds(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Withdrawals and transfers paused after a security change: until when, and why. */
export function CooldownNotice({ security, testId }: { security: TSecurity; testId?: string }) {
  const [now] = useState(() => Math.floor(Date.now() / 1000));
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
