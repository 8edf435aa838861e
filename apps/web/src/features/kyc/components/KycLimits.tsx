import { IonIcon, IonSkeletonText } from '@ionic/react';
import { checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import { formatUsd } from '../../../lib/money.ts';
import { useWithdrawLimits, withdrawTierLabel } from '../../../lib/withdraw-limits.ts';

/**
 * The withdrawal limits as the server applies them: each tier's US-dollar limit per rolling window, the
 * user's tier, and what the window has used.
 */
export function KycLimits() {
  const limits = useWithdrawLimits();
  if (limits.isPending) {
    return (
      <div role="status" aria-label="Loading your withdrawal limit">
        <IonSkeletonText animated className="kyc-limits__skeleton" />
      </div>
    );
  }
  if (limits.isError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="kyc-limits-error">
        {limits.error.message}
      </div>
    );
  }
  const { tier, tiers, window_hours, used_usd, remaining_usd } = limits.data.limits;
  return (
    <section
      className="fit24-panel kyc-limits"
      aria-labelledby="kyc-limits-title"
      data-testid="kyc-limits"
      data-tier={tier}
    >
      <div className="fit24-panel__head">
        <div>
          <h2 id="kyc-limits-title">Withdrawal limits</h2>
          <p>
            How much you can withdraw in any {window_hours} hours, in US-dollar value at the time of each
            withdrawal. Deposits, trading and transfers to other FIT24 users have no such limit.
          </p>
        </div>
      </div>
      <ul className="kyc-limits__tiers">
        {tiers.map((row) => {
          const current = row.tier === tier;
          return (
            <li
              key={row.tier}
              className={`kyc-limits__tier${current ? ' kyc-limits__tier--current' : ''}`}
              data-testid={`kyc-limit-${row.tier}`}
            >
              <IonIcon icon={current ? checkmarkCircle : ellipseOutline} aria-hidden="true" />
              <span className="kyc-limits__name">
                {withdrawTierLabel[row.tier]}
                {current && <span className="kyc-limits__you">Your tier</span>}
              </span>
              <strong className="kyc-limits__amount">
                up to {formatUsd(row.limit_usd)} <span>per {window_hours} h</span>
              </strong>
            </li>
          );
        })}
      </ul>
      <p className="kyc-limits__used" data-testid="kyc-limits-used">
        Used in the last {window_hours} hours: <strong>{formatUsd(used_usd)}</strong> ·{' '}
        <strong>{formatUsd(remaining_usd)}</strong> left
      </p>
    </section>
  );
}
