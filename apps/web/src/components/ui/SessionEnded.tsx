import { IonIcon } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../lib/session.ts';
import { clearSessionNotice, useSessionExpired } from '../../lib/session-notice.ts';
import './session-ended.css';

/**
 * Says why the app went back to its first screen when the server ended the session: a notice at the
 * foot of the screen (never over the header), until dismissed or the person signs in again.
 */
export function SessionEnded() {
  const { t } = useTranslation();
  const expired = useSessionExpired();
  const signedIn = useSignedIn();
  useEffect(() => {
    if (signedIn) clearSessionNotice();
  }, [signedIn]);
  if (!expired || signedIn) return null;
  return (
    <div className="fit24-session-ended" role="alert" data-testid="session-ended">
      <IonIcon icon={lockClosedOutline} aria-hidden="true" />
      <span>{t('session.expired')}</span>
      <button type="button" onClick={clearSessionNotice} data-testid="session-ended-dismiss">
        {t('actions.ok')}
      </button>
    </div>
  );
}
