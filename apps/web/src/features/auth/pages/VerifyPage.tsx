import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';

/** For a signed-in user whose email is not verified yet; the identity issue adds the code entry. */
export function VerifyPage() {
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const email = session?.user.email_id;
  return (
    <PlaceholderPage
      page="verify"
      title="Verify your email"
      description={`Enter the 6-digit code we sent to ${email ?? 'your email address'} to unlock your account.`}
    >
      <IonButton
        fill="clear"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void api.signOut();
        }}
      >
        Use another account
      </IonButton>
    </PlaceholderPage>
  );
}
