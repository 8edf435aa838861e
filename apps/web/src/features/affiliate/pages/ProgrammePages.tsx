import { IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { checkmarkCircle, flashOutline, giftOutline, lockClosedOutline, trophyOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDate } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useOffers } from '../api/get-offers.ts';
import { useRanks } from '../api/get-ranks.ts';
import { type SurgeWeek, useSurge } from '../api/get-surge.ts';
import { Section, SubPage } from '../components/SubPage.tsx';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';
import { formatPercent, formatSurge } from '../lib/labels.ts';
import { nextRank, rankProgress } from '../lib/ranks.ts';
import { nowSeconds } from '../lib/stake-math.ts';
import { formatWeekRange, MONTH_KEYS } from '../lib/weeks.ts';
import './programme.css';

function SurgeCard({ week, label }: { week: SurgeWeek; label: string }) {
  const { t } = useTranslation('affiliate');
  const surge = useSurge(week);
  const monthName = (month: number) => {
    const key = MONTH_KEYS[month];
    return key ? t(`months.${key}`) : '';
  };
  return (
    <div
      className={`aff-surge${week === 'current' ? ' aff-surge--current' : ''}`}
      data-testid={`surge-${week}`}
    >
      <span className="aff-surge__label">{label}</span>
      {surge.data ? (
        <>
          <strong className="aff-surge__value aff-num" data-testid={`surge-${week}-value`}>
            {t('surge.value', { surge: formatAmount(formatSurge(surge.data.surge), 1) })}
          </strong>
          <span className="aff-surge__dates">
            {formatWeekRange(surge.data.week_start, surge.data.week_end, monthName)}
          </span>
        </>
      ) : (
        <Bone style={{ width: '60%', height: '2rem' }} />
      )}
    </div>
  );
}

/** This week's and last week's surge multiplier with their dates. */
export function SurgePage() {
  const { t } = useTranslation('affiliate');
  const client = useQueryClient();
  return (
    <SubPage
      screen="surge"
      title={t('surge.title')}
      onRefresh={() => client.refetchQueries({ queryKey: ['surge'], type: 'active' })}
    >
      <div className="aff-surges">
        <SurgeCard week="current" label={t('surge.thisWeek')} />
        <SurgeCard week="previous" label={t('surge.lastWeek')} />
      </div>
      <p className="aff-footnote">
        <IonIcon icon={flashOutline} aria-hidden="true" /> {t('surge.note')}
      </p>
    </SubPage>
  );
}

/** The operator's campaigns: a stake inside the window, of at least the minimum, earns the bonus. */
export function OffersPage() {
  const { t } = useTranslation('affiliate');
  const offers = useOffers();
  const rows = offers.data ?? [];
  const now = nowSeconds();
  return (
    <SubPage screen="offers" title={t('offers.title')} onRefresh={() => offers.refetch()}>
      {offers.isPending && <ListSkeleton rows={3} label={t('offers.loading')} testId="offers-loading" />}
      {!offers.isPending && rows.length === 0 && (
        <EmptyState icon={giftOutline} title={t('offers.emptyTitle')} testId="offers-empty">
          <p>{t('offers.emptyText')}</p>
        </EmptyState>
      )}
      <ul className="aff-list" data-testid="offers-list">
        {rows.map((offer) => {
          const status = now < offer.start_date ? 'upcoming' : now > offer.end_date ? 'ended' : 'live';
          return (
            <li key={offer.offer_id} className="aff-card" data-testid="offer-item">
              <div className="aff-card__head">
                <strong>{offer.title}</strong>
                <span className="aff-chip aff-chip--surge">+{formatPercent(offer.bonus_percent)}%</span>
              </div>
              {offer.description && <p className="aff-card__text">{offer.description}</p>}
              <div className="aff-card__meta">
                <span>
                  {formatDate(offer.start_date)} – {formatDate(offer.end_date)}
                </span>
                <span>{t('offers.minStake', { amount: formatFixed2(offer.min_stake), symbol: FIT24 })}</span>
              </div>
              <div className="aff-card__foot">
                <span className={`aff-status aff-status--${status}`}>{t(`offers.status.${status}`)}</span>
                {offer.joined === 1 && (
                  <span className="aff-chip aff-chip--gold" data-testid="offer-joined">
                    <IonIcon icon={checkmarkCircle} aria-hidden="true" />
                    {t('offers.joined')}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </SubPage>
  );
}

function Meter({ label, value, text }: { label: string; value: string; text: string }) {
  return (
    <div className="aff-meter">
      <div className="aff-meter__head">
        <span>{label}</span>
        <span className="aff-num">{text}</span>
      </div>
      <div className="aff-bar" role="progressbar" aria-label={label} aria-valuenow={Number(value)}>
        <span className="aff-bar__fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The rank ladder, what each needs and pays, and the way to the next rank. */
export function RanksPage() {
  const { t } = useTranslation('affiliate');
  const ranks = useRanks();
  const data = ranks.data;
  const ladder = data?.ranks ?? [];
  const next = nextRank(ladder);
  const progress = next && data ? rankProgress(next, data.business, data.directs) : null;
  return (
    <SubPage screen="ranks" title={t('ranks.title')} onRefresh={() => ranks.refetch()}>
      {next && progress && data && (
        <section className="aff-card aff-card--accent" data-testid="ranks-next">
          <span className="aff-card__eyebrow">{t('ranks.next')}</span>
          <strong className="aff-card__big">{next.name}</strong>
          <Meter
            label={t('ranks.business')}
            value={progress.business}
            text={`${formatFixed2(data.business)} / ${formatFixed2(next.required_business)} ${FIT24}`}
          />
          <Meter
            label={t('ranks.directs')}
            value={progress.directs}
            text={`${data.directs} / ${next.required_directs}`}
          />
        </section>
      )}
      {ranks.isPending && <ListSkeleton rows={4} label={t('ranks.loading')} testId="ranks-loading" />}
      {!ranks.isPending && ladder.length === 0 && (
        <EmptyState icon={trophyOutline} title={t('ranks.emptyTitle')} testId="ranks-empty">
          <p>{t('ranks.emptyText')}</p>
        </EmptyState>
      )}
      {ladder.length > 0 && (
        <Section title={t('ranks.ladder')}>
          <ul className="aff-list aff-list--rows" data-testid="ranks-list">
            {ladder.map((rank) => {
              const current = data?.current_rank_id === rank.rank_id;
              return (
                <li
                  key={rank.rank_id}
                  className={`aff-row${current ? ' aff-row--current' : ''}`}
                  data-testid="rank-item"
                  data-achieved={rank.achieved}
                >
                  <span
                    className={`aff-avatar${rank.achieved ? ' aff-avatar--done' : ''}`}
                    aria-hidden="true"
                  >
                    <IonIcon icon={rank.achieved ? checkmarkCircle : lockClosedOutline} />
                  </span>
                  <span className="aff-row__main">
                    <strong>
                      {rank.name}
                      {current && <span className="aff-chip aff-chip--gold">{t('ranks.current')}</span>}
                    </strong>
                    <span>
                      {t('ranks.needs', {
                        business: formatFixed2(rank.required_business),
                        symbol: FIT24,
                        directs: rank.required_directs,
                      })}
                    </span>
                  </span>
                  <span className="aff-row__value aff-num">
                    <strong>{formatFixed2(rank.reward)}</strong>
                    <span>{t('ranks.reward', { symbol: FIT24 })}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
    </SubPage>
  );
}
