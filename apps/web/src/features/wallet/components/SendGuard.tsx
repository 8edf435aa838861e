import type { ErrorEnvelope } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { hourglassOutline, lockClosedOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSecurity } from '../../../lib/security.ts';
import { cooldownCause } from '../utils/send-pause.ts';
import './funds-forms.css';

/**
 * What stops money leaving the account now, from security.get: frozen, or the cool-down after a
 * security change (until when, and why). `blocked` disables the form before anything is typed.
 */
export function useSendHold() {
  const security = useSecurity().data?.security;
  const now = useNowSeconds(10_000);
  const frozen = security?.frozen === 1;
  const cooldownUntil =
    security?.cooldown_until !== null &&
    security?.cooldown_until !== undefined &&
    security.cooldown_until > now
      ? security.cooldown_until
      : null;
  return {
    frozen,
    cooldownUntil,
    cooldownReason: security?.cooldown_reason ?? null,
    blocked: frozen || cooldownUntil !== null,
  };
}

function Banner({
  tone,
  icon,
  title,
  children,
  testId,
}: {
  tone: 'warning' | 'danger';
  icon: string;
  title: string;
  children: string;
  testId: string;
}) {
  return (
    <div className={`fit24-notice fit24-notice--${tone} funds-pause`} role="alert" data-testid={testId}>
      <IonIcon icon={icon} aria-hidden="true" />
      <div>
        <strong data-testid={`${testId}-title`}>{title}</strong>
        <p>{children}</p>
      </div>
    </div>
  );
}

/**
 * The banners above a withdrawal or transfer form: the account is frozen, or paused until a time after
 * a security change (known before anything is typed), or the last refusal that holds until a time (the
 * 24-hour limit, an address still waiting): times in the user's own time zone, the server's words under.
 */
export function SendGuard({
  action,
  pause,
  testPrefix,
}: {
  /** What the form sends: the cool-down banner names it. */
  action: 'withdraw' | 'transfer';
  /** The last refusal `isPause` picked out, or null. */
  pause: ErrorEnvelope | null;
  testPrefix: string;
}) {
  const { t } = useTranslation('wallet');
  const hold = useSendHold();
  if (hold.frozen) {
    return (
      <Banner
        tone="danger"
        icon={lockClosedOutline}
        title={t('guard.frozenTitle')}
        testId={`${testPrefix}-frozen`}
      >
        {t('guard.frozenText')}
      </Banner>
    );
  }
  // A refusal without fields is the freeze or the cool-down the banner above tells already.
  const refusal = pause && !(hold.blocked && !pause.fields) ? pause : null;
  return (
    <>
      {hold.cooldownUntil !== null && (
        <Banner
          tone="warning"
          icon={hourglassOutline}
          title={t(`guard.pausedUntil.${action}`, { time: formatDateTime(hold.cooldownUntil) })}
          testId={`${testPrefix}-cooldown`}
        >
          {t('guard.cooldownText', { cause: cooldownCause(t, hold.cooldownReason) })}
        </Banner>
      )}
      {refusal?.code === 403 && (
        <Banner
          tone="danger"
          icon={lockClosedOutline}
          title={t('guard.notAllowed')}
          testId={`${testPrefix}-refused`}
        >
          {refusal.message}
        </Banner>
      )}
      {refusal && refusal.code !== 403 && (
        <Banner
          tone="warning"
          icon={hourglassOutline}
          title={
            refusal.data?.until
              ? t('guard.possibleFrom', { time: formatDateTime(refusal.data.until) })
              : t('guard.notNow')
          }
          testId={`${testPrefix}-paused`}
        >
          {refusal.message}
        </Banner>
      )}
    </>
  );
}
