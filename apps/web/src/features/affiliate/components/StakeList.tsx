import type { TStake } from '@fit24/contract';
import { IonIcon, IonSpinner } from '@ionic/react';
import { flashOutline, layersOutline, rocketOutline, timerOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { formatDate } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useSecondTicker } from '../hooks/use-second-ticker.ts';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';
import { yieldLabel } from '../lib/labels.ts';
import { type BoostRules, stakeCountdown, stakeProgressText } from '../lib/stake-math.ts';
import './lists.css';

/** The dashboard's stakings list (spec §2): a loading image, then the stakes or "No Stakings Found". */
export function StakeList({
  stakes,
  loading,
  rules,
}: {
  stakes: TStake[];
  loading: boolean;
  /** The served boost window and targets (GET /api/affiliate/programme): the list waits for them. */
  rules: BoostRules | undefined;
}) {
  const { t } = useTranslation('affiliate');
  // One ticker for every countdown on the screen, running only while an unboosted stake shows one.
  const now = useSecondTicker(stakes.some((stake) => stake.is_boosted !== 1));
  if ((loading && stakes.length === 0) || (!rules && stakes.length > 0)) {
    return (
      <div
        className="aff-loading"
        role="status"
        aria-label={t('stakeList.loading')}
        data-testid="stakings-loading"
      >
        <IonSpinner name="crescent" color="primary" />
        <span>{t('stakeList.loadingText')}</span>
      </div>
    );
  }
  if (stakes.length === 0) {
    return (
      <EmptyState icon={layersOutline} title={t('stakeList.emptyTitle')} testId="stakings-empty">
        <p>{t('stakeList.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="aff-list" data-testid="stakings-list">
      {stakes.map((stake) => (
        <StakeItem key={stake.stake_id} stake={stake} now={now} rules={rules!} />
      ))}
    </ul>
  );
}

function StakeItem({ stake, now, rules }: { stake: TStake; now: number; rules: BoostRules }) {
  const { t } = useTranslation('affiliate');
  const boosted = stake.is_boosted === 1;
  const progress = stakeProgressText(stake, now, rules);
  return (
    <li
      className={`aff-stake${boosted ? ' aff-stake--boosted' : ''}`}
      data-testid="stake-item"
      data-boosted={boosted ? '1' : '0'}
    >
      <div className="aff-stake__top">
        <span className="aff-stake__icon" aria-hidden="true">
          <IonIcon icon={boosted ? rocketOutline : flashOutline} />
        </span>
        <div className="aff-stake__main">
          <strong className="aff-num" data-testid="stake-amount">
            {formatFixed2(stake.amount)} {FIT24}
          </strong>
          <span className="aff-stake__meta">
            <span data-testid="stake-date">{formatDate(stake.creation_date)}</span>
            <span aria-hidden="true"> · </span>
            {t(`sources.${stake.source}`)}
          </span>
        </div>
        <span className="aff-stake__yield">
          <strong data-testid="stake-yield">{yieldLabel(stake.yield)}</strong>
          <span>{t('stakeList.perDay')}</span>
        </span>
      </div>
      <div className="aff-stake__progress">
        <div
          className="aff-bar"
          role="progressbar"
          aria-label={t('stakeList.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Number(progress)}
        >
          <span className="aff-bar__fill" style={{ width: `${progress}%` }} />
        </div>
        <span className="aff-stake__percent aff-num" data-testid="stake-progress">
          {formatAmount(progress, 2)}%
        </span>
      </div>
      <div className="aff-stake__bottom">
        {boosted ? (
          <span className="aff-boosted" data-testid="stake-boosted">
            <IonIcon icon={rocketOutline} aria-hidden="true" />
            {t('stakeList.boosted')}
          </span>
        ) : (
          <>
            <span className="aff-stake__hint">
              <IonIcon icon={timerOutline} aria-hidden="true" />
              {t('stakeList.window')}
            </span>
            <span
              className="aff-countdown aff-num"
              data-testid="stake-countdown"
              role="timer"
              aria-label={t('stakeList.timeLeft')}
            >
              {stakeCountdown(stake.start_date, now, rules)}
            </span>
          </>
        )}
      </div>
    </li>
  );
}
