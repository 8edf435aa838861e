import type { TSecurity } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { hourglassOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

/** The server's cool-down reasons, by the key of their words in the `security` namespace. */
const REASONS = {
  'email changed': 'emailChanged',
  'mobile number changed': 'mobileChanged',
  'password changed': 'passwordChanged',
  'authenticator app removed': 'appRemoved',
  'passkey removed': 'passkeyRemoved',
} as const;

function isKnownReason(reason: string): reason is keyof typeof REASONS {
  return Object.hasOwn(REASONS, reason);
}

/** Withdrawals and transfers paused after a security change: until when, and why. */
export function CooldownNotice({ security, testId }: { security: TSecurity; testId?: string }) {
  const { t } = useTranslation('security');
  const now = useNowSeconds(30_000);
  if (security.cooldown_until === null || security.cooldown_until <= now) return null;
  const date = formatDateTime(security.cooldown_until);
  const reason = security.cooldown_reason;
  return (
    <div className="fit24-notice fit24-notice--warning" data-testid={testId}>
      <IonIcon icon={hourglassOutline} color="warning" aria-hidden="true" />
      <span>
        {reason
          ? t('cooldown.noticeWithReason', {
              date,
              // A reason this app does not know yet is shown as the server wrote it.
              reason: isKnownReason(reason) ? t(`cooldown.reasons.${REASONS[reason]}`) : reason,
            })
          : t('cooldown.notice', { date })}
      </span>
    </div>
  );
}
