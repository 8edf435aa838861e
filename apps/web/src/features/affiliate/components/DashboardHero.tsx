import type { TProgramme } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { addCircleOutline, personAddOutline, ribbonOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';
import { formatPercent } from '../lib/labels.ts';

/** The dashboard's top card: total staked with two decimals, the rank, and the two main actions. */
export function DashboardHero({
  stake,
  rank,
  loading,
  programme,
}: {
  stake: string | undefined;
  rank: string | null | undefined;
  loading: boolean;
  /** The served numbers; the yield line waits for them. */
  programme: Pick<TProgramme, 'yield_percent' | 'boosted_yield_percent'> | undefined;
}) {
  const { t } = useTranslation('affiliate');
  return (
    <section className="aff-hero" aria-label={t('hero.totalStaked')}>
      <div className="aff-hero__head">
        <span className="aff-hero__label">{t('hero.totalStaked')}</span>
        {rank && (
          <span className="aff-chip aff-chip--gold" data-testid="affiliate-rank">
            <IonIcon icon={ribbonOutline} aria-hidden="true" />
            {rank}
          </span>
        )}
      </div>
      {loading && stake === undefined ? (
        <Bone className="aff-hero__skeleton" />
      ) : (
        <p className="aff-hero__value">
          <span className="aff-num" data-testid="affiliate-total-staked">
            {formatFixed2(stake)}
          </span>
          <small>{FIT24}</small>
        </p>
      )}
      <p className="aff-hero__note">
        {programme
          ? t('hero.earning', {
              yield: formatPercent(programme.yield_percent),
              boosted: formatPercent(programme.boosted_yield_percent),
            })
          : '\u00a0'}
      </p>
      <div className="aff-hero__actions">
        <IonButton
          expand="block"
          routerLink="/affiliate/stake"
          className="aff-hero__button"
          data-testid="affiliate-stake-button"
        >
          <IonIcon icon={addCircleOutline} slot="start" aria-hidden="true" />
          {t('hero.stake')}
        </IonButton>
        <IonButton
          expand="block"
          fill="outline"
          routerLink="/affiliate/invite"
          className="aff-hero__button aff-hero__button--ghost"
          data-testid="affiliate-invite-button"
        >
          <IonIcon icon={personAddOutline} slot="start" aria-hidden="true" />
          {t('hero.invite')}
        </IonButton>
      </div>
    </section>
  );
}
