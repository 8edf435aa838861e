import { IonIcon } from '@ionic/react';
import { informationCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../api/get-notices.ts';
import './notices.css';

/** The operator's notices for an asset's deposits or withdrawals (maintenance, network upgrades …). */
export function NoticeCards({ assetId, type }: { assetId: number; type: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation('wallet');
  const notices = useNotices(assetId, type).data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <section className="funds-notices" aria-label={t('notices')}>
      {notices.map((notice) => (
        <article key={notice.notice_id} className="funds-notice" data-testid={`${type}-notice`}>
          <IonIcon icon={informationCircleOutline} aria-hidden="true" />
          <div>
            <h3>{notice.title}</h3>
            <p>{notice.body}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
