import type { TAssetTransaction } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { checkmarkCircle, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { confirmationsLong, confirmationsOf } from '../utils/confirmations.ts';
import './transaction-detail.css';

/**
 * A line's confirmations on its page: "2 of 6 confirmations" over a progress bar while they count, a tick
 * and "6 of 6 confirmations" once complete; nothing for a line with no block to count (see confirmationsOf).
 */
export function ConfirmationsMeter({ tx }: { tx: TAssetTransaction }) {
  const { t } = useTranslation('wallet');
  const view = confirmationsOf(tx);
  if (!view) return null;
  return (
    <div
      className={`funds-txd-meter${view.counting ? '' : ' funds-txd-meter--done'}`}
      data-testid="txd-confirmations-meter"
      data-counting={view.counting ? '1' : '0'}
    >
      <div className="funds-txd-meter__head">
        <IonIcon icon={view.counting ? timeOutline : checkmarkCircle} aria-hidden="true" />
        <span className="funds-num" data-testid="txd-confirmations">
          {confirmationsLong(t, view)}
        </span>
      </div>
      {view.counting && (
        <div
          className="funds-txd-meter__bar"
          role="progressbar"
          aria-label={t('confirmations.meter')}
          aria-valuemin={0}
          aria-valuemax={view.required}
          aria-valuenow={view.done}
          data-testid="txd-progress"
        >
          <span style={{ width: `${Math.round(view.progress * 100)}%` }} />
        </div>
      )}
    </div>
  );
}
