import { IonIcon, useIonAlert } from '@ionic/react';
import { lockClosedOutline, snowOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { useSecurity } from '../../../lib/security.ts';
import { SecurityPanel } from './SecurityPanel.tsx';
import './money-controls.css';

/**
 * Danger zone: freeze the account (security.freeze). Every session ends on the server, this one too, so
 * the app ends it here at once and goes to the root, as it does for a 502.
 */
export function FreezeCard() {
  const { t } = useTranslation('security');
  const security = useSecurity().data?.security;
  const freezing = useAction();
  const toast = useToast();
  const [presentAlert] = useIonAlert();

  const freeze = () =>
    freezing.run({
      send: () => api.call('security.freeze'),
      onSuccess: async () => {
        toast.info(t('freezeCard.done'));
        await api.endSession();
      },
    });

  const confirm = () =>
    void presentAlert({
      header: t('freezeCard.confirm.header'),
      message: t('freezeCard.confirm.message'),
      buttons: [
        { text: t('cancel'), role: 'cancel', htmlAttributes: { 'data-testid': 'freeze-cancel' } },
        {
          text: t('freezeCard.confirm.button'),
          role: 'destructive',
          cssClass: 'security__alert-danger',
          htmlAttributes: { 'data-testid': 'freeze-confirm' },
          handler: () => void freeze(),
        },
      ],
    });

  const frozen = security?.frozen === 1;
  return (
    <SecurityPanel
      name="freeze"
      title={t('freezeCard.title')}
      lead={t('freezeCard.lead')}
      kicker={<p className="controls-danger-zone__kicker">{t('freezeCard.kicker')}</p>}
      className="controls-danger-zone"
    >
      {frozen ? (
        <div className="fit24-notice fit24-notice--danger controls-notice" data-testid="freeze-frozen">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" />
          <span>{t('freezeCard.frozen')}</span>
        </div>
      ) : (
        <SubmitButton
          busy={freezing.busy}
          color="danger"
          fill="outline"
          onClick={confirm}
          disabled={!security}
          testId="freeze-open"
        >
          {!freezing.busy && <IonIcon icon={snowOutline} slot="start" aria-hidden="true" />}
          {t('freezeCard.open')}
        </SubmitButton>
      )}
    </SecurityPanel>
  );
}
