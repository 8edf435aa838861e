import { IonIcon, IonItem, IonLabel, IonList, IonSkeletonText, useIonAlert } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { desktopOutline, phonePortraitOutline, radioButtonOn } from 'ionicons/icons';
import { useState } from 'react';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeUserAgent, formatAgo } from '../../../lib/format.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { sessionsQueryOptions } from '../api/get-sessions.ts';
import { SecurityPanel } from './SecurityPanel.tsx';

const isPhone = (name: string) => /iPhone|iPad|Android/.test(name);

/** The signed-in devices (auth.sessions) and "sign out everywhere" (auth.signoutAll). */
export function SessionsCard() {
  const sessions = useQuery({ ...sessionsQueryOptions(), refetchOnMount: 'always', enabled: useSignedIn() });
  const signingOut = useAction();
  const [presentAlert] = useIonAlert();
  const [now] = useState(() => Math.floor(Date.now() / 1000));

  const signOutEverywhere = () =>
    signingOut.run({
      send: () => api.call('auth.signoutAll'),
      // Every token is revoked now, this one too: end the session here and go to the root.
      onSuccess: () => api.signOut(),
    });

  const confirm = () =>
    void presentAlert({
      header: 'Sign out everywhere?',
      message: 'Every device signed in to your account, this one included, will need to sign in again.',
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Sign out everywhere',
          role: 'destructive',
          cssClass: 'security__alert-danger',
          htmlAttributes: { 'data-testid': 'security-signout-all-confirm' },
          handler: () => void signOutEverywhere(),
        },
      ],
    });

  const list = sessions.data?.sessions ?? [];
  return (
    <SecurityPanel
      name="sessions"
      title="Signed-in devices"
      lead="If you don’t recognise a device, change your password and sign out everywhere."
    >
      {sessions.isPending && (
        <div role="status" aria-label="Loading your devices">
          {[0, 1].map((row) => (
            <IonSkeletonText key={row} animated style={{ height: '44px', marginBottom: '8px' }} />
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
                    {session.ip ?? 'Unknown IP'} · active {formatAgo(session.last_seen_date, now)}
                  </p>
                </IonLabel>
                {session.current === 1 && (
                  <span slot="end">
                    <Pill tone="primary" icon={radioButtonOn} testId="security-session-current">
                      This device
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
        Sign out everywhere
      </SubmitButton>
    </SecurityPanel>
  );
}
