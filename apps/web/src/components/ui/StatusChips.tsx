import type { TKycStatus } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import {
  alertCircle,
  checkmarkCircle,
  closeCircle,
  ellipseOutline,
  hourglassOutline,
  shieldOutline,
} from 'ionicons/icons';
import './status.css';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.ts';

function kycView(status: TKycStatus, tone: string, icon: string) {
  return {
    get label() {
      return i18n.t(`status.kyc.${status}`);
    },
    tone,
    icon,
  };
}

/** The words (in the language on screen) and colour of each KYC status (account.kyc_status). */
export const kycStatusView: Record<TKycStatus, { label: string; tone: string; icon: string }> = {
  NONE: kycView('NONE', 'medium', shieldOutline),
  PENDING: kycView('PENDING', 'warning', hourglassOutline),
  APPROVED: kycView('APPROVED', 'success', checkmarkCircle),
  REJECTED: kycView('REJECTED', 'danger', closeCircle),
};

export function KycChip({
  status,
  compact = false,
  testId,
}: {
  status: TKycStatus;
  compact?: boolean;
  testId?: string;
}) {
  const view = kycStatusView[status];
  return (
    <span
      className={`fit24-chip fit24-chip--${view.tone}${compact ? ' fit24-chip--compact' : ''}`}
      data-testid={testId}
      data-status={status}
    >
      <IonIcon icon={view.icon} aria-hidden="true" />
      {view.label}
    </span>
  );
}

/** A small "verified" tick, or "unverified", after an email address or a mobile number. */
export function VerifiedMark({ verified, testId }: { verified: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`fit24-mark${verified ? ' fit24-mark--ok' : ''}`}
      data-testid={testId}
      data-verified={verified ? '1' : '0'}
      title={verified ? t('status.verified') : t('status.notVerified')}
    >
      <IonIcon icon={verified ? checkmarkCircle : ellipseOutline} aria-hidden="true" />
      <span>{verified ? t('status.verified') : t('status.unverified')}</span>
    </span>
  );
}

/** A neutral or coloured pill with an icon: "Set", "Not set", "This device". */
export function Pill({
  tone = 'medium',
  icon = alertCircle,
  children,
  testId,
}: {
  tone?: 'medium' | 'success' | 'warning' | 'danger' | 'primary';
  icon?: string;
  children: string;
  testId?: string;
}) {
  return (
    <span className={`fit24-chip fit24-chip--${tone} fit24-chip--compact`} data-testid={testId}>
      <IonIcon icon={icon} aria-hidden="true" />
      {children}
    </span>
  );
}

/** A protection's state: green with a tick once it is in place, amber with a warning sign until then. */
export function SettingPill({
  done,
  children,
  testId,
}: {
  done: boolean;
  children: string;
  testId?: string;
}) {
  return (
    <Pill tone={done ? 'success' : 'warning'} icon={done ? checkmarkCircle : alertCircle} testId={testId}>
      {children}
    </Pill>
  );
}
