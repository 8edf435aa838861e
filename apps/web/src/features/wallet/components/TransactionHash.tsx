import { IonIcon } from '@ionic/react';
import { copyOutline, openOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import './funds.css';
import './transaction-detail.css';

/**
 * A transaction's hash in full (monospace, wrapping, selectable with one tap) with a copy button, and the
 * block explorer's page for it when the exchange has one (a new tab, no opener).
 */
export function TransactionHash({ txid, explorerUrl }: { txid: string; explorerUrl: string | null }) {
  const { t } = useTranslation('wallet');
  const toast = useToast();
  const copy = async () => {
    if (await copyText(txid)) toast.success(t('hash.copied'));
    else toast.error(t('hash.copyFailed'));
  };
  return (
    <section className="funds-txd-hash" aria-label={t('hash.label')}>
      <div className="funds-txd-hash__head">
        <span className="funds-txd-hash__label">{t('hash.label')}</span>
        <button
          type="button"
          className="funds-txd-hash__copy"
          onClick={() => void copy()}
          data-testid="txd-copy"
        >
          <IonIcon icon={copyOutline} aria-hidden="true" />
          {t('hash.copy')}
        </button>
      </div>
      <p className="funds-txd-hash__value funds-mono" data-testid="txd-hash">
        {txid}
      </p>
      {explorerUrl && (
        <a
          className="funds-txd-hash__explorer"
          href={explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="txd-explorer"
        >
          {t('hash.explorer')}
          <IonIcon icon={openOutline} aria-hidden="true" />
        </a>
      )}
    </section>
  );
}
