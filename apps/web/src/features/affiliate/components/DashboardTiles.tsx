import { IonIcon, IonRippleEffect, useIonRouter } from '@ionic/react';
import {
  chevronForwardOutline,
  flashOutline,
  giftOutline,
  gitNetworkOutline,
  peopleOutline,
  trendingUpOutline,
  trophyOutline,
} from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';
import { surgeBadge } from '../lib/labels.ts';

function Tile({
  href,
  icon,
  label,
  testId,
  className = '',
  children,
}: {
  href: string;
  icon: string;
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const router = useIonRouter();
  return (
    <button
      type="button"
      className={`aff-tile ion-activatable ${className}`}
      data-testid={testId}
      onClick={() => router.push(href)}
    >
      <span className="aff-tile__label">
        <span className="aff-tile__icon" aria-hidden="true">
          <IonIcon icon={icon} />
        </span>
        {label}
        <IonIcon icon={chevronForwardOutline} className="aff-tile__chevron" aria-hidden="true" />
      </span>
      {children}
      <IonRippleEffect />
    </button>
  );
}

/**
 * Partners, Team and Earnings tiles (spec §2), the earnings tile carrying last week's surge as
 * "Surge n X"; then the Surge, Offers and Ranks buttons. Counts show 0 until loaded or on failure.
 */
export function DashboardTiles({
  partners,
  team,
  totalIncome,
  previousSurge,
}: {
  partners: number | undefined;
  team: number | undefined;
  totalIncome: string | undefined;
  previousSurge: number | undefined;
}) {
  const { t } = useTranslation('affiliate');
  return (
    <>
      <div className="aff-tiles">
        <Tile
          href="/affiliate/partners"
          icon={peopleOutline}
          label={t('tiles.partners')}
          testId="affiliate-partners"
        >
          <strong className="aff-tile__value aff-num" data-testid="affiliate-partners-count">
            {partners ?? 0}
          </strong>
        </Tile>
        <Tile href="/affiliate/team" icon={gitNetworkOutline} label={t('tiles.team')} testId="affiliate-team">
          <strong className="aff-tile__value aff-num" data-testid="affiliate-team-count">
            {team ?? 0}
          </strong>
        </Tile>
        <Tile
          href="/affiliate/earnings"
          icon={trendingUpOutline}
          label={t('tiles.earnings')}
          testId="affiliate-earnings"
          className="aff-tile--wide"
        >
          <span className="aff-tile__row">
            <strong className="aff-tile__value aff-num">
              <span data-testid="affiliate-earnings-total">{formatFixed2(totalIncome)}</span>
              <small> {FIT24}</small>
            </strong>
            {previousSurge !== undefined && (
              <span className="aff-chip aff-chip--surge" data-testid="affiliate-surge-badge">
                <IonIcon icon={flashOutline} aria-hidden="true" />
                {surgeBadge(previousSurge, t)}
              </span>
            )}
          </span>
        </Tile>
      </div>
      <nav className="aff-links" aria-label={t('tiles.programme')}>
        <QuickLink
          href="/affiliate/surge"
          icon={flashOutline}
          label={t('tiles.surge')}
          testId="affiliate-surge-button"
        />
        <QuickLink
          href="/affiliate/offers"
          icon={giftOutline}
          label={t('tiles.offers')}
          testId="affiliate-offers-button"
        />
        <QuickLink
          href="/affiliate/ranks"
          icon={trophyOutline}
          label={t('tiles.ranks')}
          testId="affiliate-ranks-button"
        />
      </nav>
    </>
  );
}

function QuickLink({
  href,
  icon,
  label,
  testId,
}: {
  href: string;
  icon: string;
  label: string;
  testId: string;
}) {
  const router = useIonRouter();
  return (
    <button
      type="button"
      className="aff-link ion-activatable"
      data-testid={testId}
      onClick={() => router.push(href)}
    >
      <IonIcon icon={icon} aria-hidden="true" />
      {label}
      <IonRippleEffect />
    </button>
  );
}
