import { fromBaseUnits } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { gitNetworkOutline, peopleOutline, personAddOutline } from 'ionicons/icons';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { useDirects, useLevels } from '../api/get-network.ts';
import { SubPage } from '../components/SubPage.tsx';
import { FIT24, FIT24_DECIMALS, fitUnits, formatFixed2 } from '../lib/fit-amount.ts';

/** Direct partners: masked name, stake, team and the day they joined. */
export function PartnersPage() {
  const directs = useDirects();
  const rows = directs.data ?? [];
  return (
    <SubPage screen="partners" title="Partners">
      <p className="aff-lead">People who joined with your code. Their stakes boost yours.</p>
      {directs.isPending && <ListSkeleton label="Loading your partners" testId="partners-loading" />}
      {!directs.isPending && rows.length === 0 && (
        <EmptyState icon={peopleOutline} title="No partners yet" testId="partners-empty">
          <p>Invite friends with your code: they appear here once they join.</p>
          <IonButton routerLink="/affiliate/invite" className="aff-empty-action">
            <IonIcon icon={personAddOutline} slot="start" aria-hidden="true" />
            Invite Friends
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
                  Joined {formatDate(partner.creation_date)} · team {partner.team}
                </span>
              </span>
              <span className="aff-row__value aff-num">
                <strong data-testid="partner-stake">{formatFixed2(partner.stake)}</strong>
                <span>{FIT24} staked</span>
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
  const levels = useLevels();
  const levelPercents = useProgramme().data?.level_income_percent ?? [];
  const rows = levels.data ?? [];
  const members = rows.reduce((sum, row) => sum + row.members, 0);
  const business = rows.reduce((sum, row) => sum + fitUnits(row.business), 0n);
  return (
    <SubPage screen="team" title="Team">
      <div className="aff-stats">
        <div>
          <span>Team members</span>
          <strong className="aff-num" data-testid="team-members">
            {members}
          </strong>
        </div>
        <div>
          <span>Team business</span>
          <strong className="aff-num" data-testid="team-business">
            {formatFixed2(fromBaseUnits(business, FIT24_DECIMALS))} <small>{FIT24}</small>
          </strong>
        </div>
      </div>
      {levels.isPending && <ListSkeleton rows={5} label="Loading your team" testId="team-loading" />}
      {!levels.isPending && rows.length === 0 && (
        <EmptyState icon={gitNetworkOutline} title="No team yet" testId="team-empty">
          <p>Your partners and their partners, five levels deep, appear here.</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <table className="aff-table" data-testid="team-table">
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Members</th>
              <th scope="col">Business</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.level} data-testid="team-level-row">
                <td>
                  <span className="aff-level">L{row.level}</span>
                  {levelPercents[row.level - 1] && (
                    <small className="aff-table__note">{levelPercents[row.level - 1]}% income</small>
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
