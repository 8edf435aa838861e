import { IonIcon, IonItem, IonLabel, IonList, useIonAlert } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { desktopOutline, phonePortraitOutline, radioButtonOn } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { describeUserAgent, formatAgo } from '../../../lib/format.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { sessionsQueryOptions } from '../api/get-sessions.ts';
import { SecurityPanel } from './SecurityPanel.tsx';

const isPhone = (name: string) => /iPhone|iPad|Android/.test(name);

/** The signed-in devices (auth.sessions) and "sign out everywhere" (auth.signoutAll). */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useQuery({ ...sessionsQueryOptions(), refetchOnMount: 'always', enabled: useSignedIn() });
  const signingOut = useAction();
  const [presentAlert] = useIonAlert();
  // Ticks each minute, so "used 5 min ago" stays true on a screen left open or pulled to refresh.
  const now = useNowSeconds(60_000);

  const signOutEverywhere = () =>
    signingOut.run({
      send: () => api.call('auth.signoutAll'),
      // Every token is revoked now, this one too: end the session here and go to the root.
      onSuccess: () => api.signOut(),
    });

  const confirm = () =>
    void presentAlert({
      header: t('sessions.confirm.header'),
      message: t('sessions.confirm.message'),
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('sessions.signOutAll'),
          role: 'destructive',
          cssClass: 'security__alert-danger',
          htmlAttributes: { 'data-testid': 'security-signout-all-confirm' },
          handler: () => void signOutEverywhere(),
        },
      ],
    });

  const list = sessions.data?.sessions ?? [];
  return (
    <SecurityPanel name="sessions" title={t('sessions.title')} lead={t('sessions.lead')}>
      {sessions.isPending && (
        <div role="status" aria-label={t('sessions.loading')}>
          {[0, 1].map((row) => (
            <Bone key={row} style={{ height: '44px', marginBottom: '8px' }} />
          ))}
        </div>
      )}
      {sessions.isError && <p className="fit24-muted">{sessions.error.message}</p>}
      {list.length > 0 && (
        <IonList lines="full" className="security__devices">
          {list.map((session) => {
            const name = describeUserAgent(session.device);
            return (
              <IonItem key={session.session_id} data-testid={`security-session-${session.session_id}`}>
                <IonIcon
                  icon={isPhone(name) ? phonePortraitOutline : desktopOutline}
                  slot="start"
                  aria-hidden="true"
                />
                <IonLabel>
                  <h3>{name}</h3>
                  <p>
                    {t('sessions.seen', {
                      ip: session.ip ?? t('sessions.unknownIp'),
                      ago: formatAgo(session.last_seen_date, now),
                    })}
                  </p>
                </IonLabel>
                {session.current === 1 && (
                  <span slot="end">
                    <Pill tone="primary" icon={radioButtonOn} testId="security-session-current">
                      {t('sessions.thisDevice')}
                    </Pill>
                  </span>
                )}
              </IonItem>
            );
          })}
        </IonList>
      )}
      <SubmitButton
        busy={signingOut.busy}
        color="danger"
        fill="outline"
        onClick={confirm}
        testId="security-signout-all"
        className="security__signout"
      >
        {t('sessions.signOutAll')}
      </SubmitButton>
    </SecurityPanel>
  );
}
