import { IonIcon } from '@ionic/react';
import { checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { formatUsd } from '../../../lib/money.ts';
import { useWithdrawLimits } from '../../../lib/withdraw-limits.ts';

/**
 * The withdrawal limits as the server applies them: each tier's US-dollar limit per rolling window, the
 * user's tier, and what the window has used.
 */
export function KycLimits() {
  const { t } = useTranslation('kyc');
  const limits = useWithdrawLimits();
  if (limits.isPending) {
    return (
      <div role="status" aria-label={t('limits.loading')}>
        <Bone className="kyc-limits__skeleton" />
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
          <h2 id="kyc-limits-title">{t('limits.title')}</h2>
          <p>{t('limits.lead', { hours: window_hours })}</p>
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
                {t(`limits.tiers.${row.tier}`)}
                {current && <span className="kyc-limits__you">{t('limits.yourTier')}</span>}
              </span>
              <strong className="kyc-limits__amount">
                <Trans
                  t={t}
                  i18nKey="limits.upTo"
                  values={{ amount: formatUsd(row.limit_usd), hours: window_hours }}
                  components={{ window: <span /> }}
                />
              </strong>
            </li>
          );
        })}
      </ul>
      <p className="kyc-limits__used" data-testid="kyc-limits-used">
        <Trans
          t={t}
          i18nKey="limits.used"
          values={{ hours: window_hours, used: formatUsd(used_usd), left: formatUsd(remaining_usd) }}
          components={{ b: <strong /> }}
        />
      </p>
    </section>
  );
}
