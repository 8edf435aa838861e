import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useToast } from '../../components/ui/toast.ts';
import { useAction } from '../../components/ui/use-form.ts';
import { DASHBOARD_KEY } from '../api/dashboard.ts';
import type { TKycSubmission } from '../api/lists.ts';
import { useCan } from '../api/me.ts';
import { Facts } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { useConfirm } from '../components/confirm.ts';
import { KycDocument } from '../components/KycDocument.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { when } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';
import { adminPath } from '../paths.ts';

/** Whole years between a YYYY-MM-DD birthday and today. */
function ageOf(dateOfBirth: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const now = new Date();
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const before = now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  return now.getFullYear() - year - (before ? 1 : 0);
}

/** A submission under review: who the person says they are, their documents, and the decision. */
export function KycReview({
  submission,
  onClose,
}: {
  submission: TKycSubmission | null;
  onClose: () => void;
}) {
  return (
    <IonModal isOpen={submission !== null} onDidDismiss={onClose} className="adm-modal adm-modal--wide">
      {submission && <Review submission={submission} onClose={onClose} />}
    </IonModal>
  );
}

function Review({ submission: s, onClose }: { submission: TKycSubmission; onClose: () => void }) {
  const can = useCan();
  const confirm = useConfirm();
  const toast = useToast();
  const action = useAction();
  const queryClient = useQueryClient();
  const age = ageOf(s.date_of_birth);

  const decide = async (approve: boolean) => {
    const answer = await confirm({
      header: approve ? 'Approve this identity?' : 'Reject this submission?',
      message: approve
        ? `${s.first_name} ${s.last_name} (${s.email_id}) becomes verified: the higher withdrawal limit applies.`
        : `${s.email_id} is told the reason and may submit again.`,
      confirm: approve ? 'Approve' : 'Reject',
      danger: !approve,
      ...(approve ? {} : { reason: { placeholder: 'Reason shown to the user (required)', required: true } }),
    });
    if (!answer.ok) return;
    await action.run({
      send: () =>
        approve
          ? ops.call('ops.kycApprove', { body: { email_id: s.email_id } })
          : ops.call('ops.kycReject', { body: { email_id: s.email_id, reason: answer.reason } }),
      onSuccess: async () => {
        toast.success(approve ? `${s.email_id} is verified` : `${s.email_id}: submission rejected`);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['ops', 'kyc'] }),
          queryClient.invalidateQueries({ queryKey: ['ops', 'user', s.user_id] }),
          queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
        ]);
        onClose();
      },
    });
  };

  return (
    <>
      <IonHeader className="adm-header">
        <IonToolbar>
          <IonTitle>
            <span className="adm-title">KYC #{s.kyc_id}</span>
            <span className="adm-subtitle">{s.email_id}</span>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} data-testid="admin-kyc-close">
              Close
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="adm-content">
        <div className="adm-review" data-testid="admin-kyc-review" data-kyc={s.kyc_id} data-status={s.status}>
          <section className="adm-review__person">
            <div className="adm-review__status">
              <StatusChip status={s.status} testId="admin-kyc-review-status" />
              <Link className="adm-link" to={adminPath.user(s.user_id)} onClick={onClose}>
                User #{s.user_id} →
              </Link>
            </div>
            <Facts
              testId="admin-kyc-person"
              items={[
                ['Name', `${s.first_name} ${s.last_name}`],
                ['Born', `${s.date_of_birth}${age !== null ? ` (${age})` : ''}`],
                ['Address', s.address],
                ['City', s.city],
                ['Postal code', s.postal_code],
                ['Country', s.country_code],
                ['Document', s.id_type.replace(/_/g, ' ').toLowerCase()],
                ['Number', <Mono key="n" value={s.id_number} />],
                ['Submitted', when(s.creation_date)],
                ['Decided', when(s.decision_date)],
                ...(s.reason ? [['Reason', s.reason] as [string, string]] : []),
              ]}
            />
            {s.status === 'PENDING' && can('kyc') && (
              <div className="adm-actions">
                <Button
                  variant="success"
                  onClick={() => void decide(true)}
                  busy={action.busy}
                  testId="admin-kyc-approve"
                >
                  Approve
                </Button>
                <Button
                  variant="danger"
                  onClick={() => void decide(false)}
                  busy={action.busy}
                  testId="admin-kyc-reject"
                >
                  Reject…
                </Button>
              </div>
            )}
          </section>
          <section className="adm-review__docs">
            {s.files.length === 0 ? (
              <p className="adm-dim">No documents with this submission.</p>
            ) : (
              s.files.map((file) => <KycDocument key={file.file_id} file={file} />)
            )}
          </section>
        </div>
      </IonContent>
    </>
  );
}
