import { fromBaseUnits } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { gitNetworkOutline, peopleOutline, personAddOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDate } from '../../../lib/date-time.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { useDirects, useLevels } from '../api/get-network.ts';
import { SubPage } from '../components/SubPage.tsx';
import { FIT24, FIT24_DECIMALS, fitUnits, formatFixed2 } from '../lib/fit-amount.ts';
import { formatPercent } from '../lib/labels.ts';

/** Direct partners: masked name, stake, team and the day they joined. */
export function PartnersPage() {
  const { t } = useTranslation('affiliate');
  const directs = useDirects();
  const rows = directs.data ?? [];
  return (
    <SubPage screen="partners" title={t('partners.title')} onRefresh={() => directs.refetch()}>
      <p className="aff-lead">{t('partners.lead')}</p>
      {directs.isPending && <ListSkeleton label={t('partners.loading')} testId="partners-loading" />}
      {!directs.isPending && rows.length === 0 && (
        <EmptyState icon={peopleOutline} title={t('partners.emptyTitle')} testId="partners-empty">
          <p>{t('partners.emptyText')}</p>
          <IonButton routerLink="/affiliate/invite" className="aff-empty-action">
            <IonIcon icon={personAddOutline} slot="start" aria-hidden="true" />
            {t('partners.invite')}
          </IonButton>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ul className="aff-list aff-list--rows" data-testid="partners-list">
          {rows.map((partner) => (
            <li key={partner.affiliate_id} className="aff-row" data-testid="partner-item">
              <span className="aff-avatar" aria-hidden="true">
                {partner.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="aff-row__main">
                <strong data-testid="partner-name">{partner.name}</strong>
                <span>
                  {t('partners.joined', { date: formatDate(partner.creation_date), team: partner.team })}
                </span>
              </span>
              <span className="aff-row__value aff-num">
                <strong data-testid="partner-stake">{formatFixed2(partner.stake)}</strong>
                <span>{t('partners.staked', { symbol: FIT24 })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SubPage>
  );
}

/** The downline level by level: members and business, with each level's income share. */
export function TeamPage() {
  const { t } = useTranslation('affiliate');
  const levels = useLevels();
  const levelPercents = useProgramme().data?.level_income_percent ?? [];
  const rows = levels.data ?? [];
  const members = rows.reduce((sum, row) => sum + row.members, 0);
  const business = rows.reduce((sum, row) => sum + fitUnits(row.business), 0n);
  return (
    <SubPage screen="team" title={t('team.title')} onRefresh={() => levels.refetch()}>
      <div className="aff-stats">
        <div>
          <span>{t('team.members')}</span>
          <strong className="aff-num" data-testid="team-members">
            {members}
          </strong>
        </div>
        <div>
          <span>{t('team.business')}</span>
          <strong className="aff-num" data-testid="team-business">
            {formatFixed2(fromBaseUnits(business, FIT24_DECIMALS))} <small>{FIT24}</small>
          </strong>
        </div>
      </div>
      {levels.isPending && <ListSkeleton rows={5} label={t('team.loading')} testId="team-loading" />}
      {!levels.isPending && rows.length === 0 && (
        <EmptyState icon={gitNetworkOutline} title={t('team.emptyTitle')} testId="team-empty">
          <p>{t('team.emptyText')}</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <table className="aff-table" data-testid="team-table">
          <thead>
            <tr>
              <th scope="col">{t('team.level')}</th>
              <th scope="col">{t('team.levelMembers')}</th>
              <th scope="col">{t('team.levelBusiness')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.level} data-testid="team-level-row">
                <td>
                  <span className="aff-level">{t('team.levelShort', { level: row.level })}</span>
                  {levelPercents[row.level - 1] && (
                    <small className="aff-table__note">
                      {t('team.levelIncome', { percent: formatPercent(levelPercents[row.level - 1] ?? '') })}
                    </small>
                  )}
                </td>
                <td className="aff-num">{row.members}</td>
                <td className="aff-num">
                  {formatFixed2(row.business)} <small>{FIT24}</small>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SubPage>
  );
}
