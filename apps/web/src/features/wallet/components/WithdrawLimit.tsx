import { IonRouterLink } from '@ionic/react';
import { Trans, useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { formatUsd, unitsOf } from '../../../lib/money.ts';
import { useWithdrawLimits } from '../../../lib/withdraw-limits.ts';
import './funds-forms.css';

/**
 * What is left of the user's withdrawal limit in the rolling 24 hours (US dollars, by KYC tier), with a
 * way to raise it while unverified.
 */
export function WithdrawLimit() {
  const { t } = useTranslation('wallet');
  const limits = useWithdrawLimits();
  if (limits.isPending) return <Bone className="funds-limit__skeleton" />;
  if (limits.isError) {
    return (
      <p className="funds-limit__error" data-testid="withdraw-limit-error">
        {limits.error.message}
      </p>
    );
  }
  const { tier, limit_usd, used_usd, remaining_usd, window_hours, tiers } = limits.data.limits;
  const limit = unitsOf(limit_usd, 2);
  const usedPercent = limit > 0n ? Number((unitsOf(used_usd, 2) * 100n) / limit) : 100;
  const verified = tiers.find((t) => t.tier === 'VERIFIED');
  return (
    <div className="funds-limit" data-testid="withdraw-limit" data-tier={tier}>
      <div className="funds-limit__row">
        <span>
          {t('limit.window', {
            hours: window_hours,
            tier: t(tier === 'VERIFIED' ? 'limit.tiers.verified' : 'limit.tiers.unverified'),
          })}
        </span>
        <strong className="funds-num" data-testid="withdraw-limit-left">
          {t('limit.left', { remaining: formatUsd(remaining_usd), limit: formatUsd(limit_usd) })}
        </strong>
      </div>
      <div
        className="funds-limit__bar"
        role="progressbar"
        aria-label={t('limit.used')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, usedPercent)}
      >
        <span style={{ width: `${Math.min(100, usedPercent)}%` }} />
      </div>
      {tier === 'UNVERIFIED' && verified && (
        <p className="funds-limit__more">
          <Trans
            t={t}
            i18nKey="limit.raise"
            values={{ limit: formatUsd(verified.limit_usd) }}
            components={{ kyc: <IonRouterLink routerLink="/kyc" data-testid="withdraw-limit-kyc" /> }}
          />
        </p>
      )}
    </div>
  );
}
