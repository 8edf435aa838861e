import { IonButton, IonIcon, IonSkeletonText } from '@ionic/react';
import { copyOutline, giftOutline, shareSocialOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAccount } from '../../../lib/account.ts';
import { normalizeReferralCode, rememberReferralCode } from '../../../lib/referral.ts';
import { useSession } from '../../../lib/session.ts';
import './share.css';

/** The link a friend opens: this page, with the code, which it keeps for the register form. */
export function shareLink(origin: string, code: string): string {
  return `${origin}/share?code=${encodeURIComponent(code)}`;
}

/**
 * Open page. Opened from a share link (`?code=`), it keeps the code on the device (Preferences
 * `referral_code`) for the register form; for a signed-in user it shows their own invite link.
 */
export function SharePage() {
  const { search } = useLocation();
  const session = useSession();
  const signedIn = !!session?.token;
  const account = useAccount();
  const toast = useToast();
  const invitedBy = normalizeReferralCode(new URLSearchParams(search).get('code'));
  const [kept, setKept] = useState<string | null>(null);

  useEffect(() => {
    if (invitedBy) void rememberReferralCode(invitedBy).then(setKept);
  }, [invitedBy]);

  const own = account.data?.account.referral_code ?? null;
  const link = own ? shareLink(window.location.origin, own) : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Invite link copied');
    } catch {
      toast.error('Copying is not available here; select the link and copy it.');
    }
  };
  const share = async () => {
    if (!link) return;
    try {
      await navigator.share({
        title: 'Join me on FIT24 Exchange',
        text: 'Trade and stake crypto with me.',
        url: link,
      });
    } catch {
      // Dismissed by the user.
    }
  };

  return (
    <PageShell page="share" title="Invite friends" backHref={signedIn ? '/tabs/account' : '/'}>
      {invitedBy && !signedIn && (
        <section className="share__card" data-testid="share-invited">
          <IonIcon icon={giftOutline} aria-hidden="true" className="share__icon" />
          <h1>You’ve been invited</h1>
          <p className="fit24-muted">
            Create your FIT24 Exchange account with invite code{' '}
            <strong data-testid="share-invite-code">{kept ?? invitedBy}</strong>: it’s filled in for you.
          </p>
          <IonButton expand="block" size="large" routerLink="/register" data-testid="share-register">
            Create account
          </IonButton>
          <IonButton expand="block" fill="clear" routerLink="/login">
            I already have an account
          </IonButton>
        </section>
      )}
      {signedIn && (
        <section className="share__card">
          <IonIcon icon={shareSocialOutline} aria-hidden="true" className="share__icon" />
          <h1>Invite friends, grow your team</h1>
          <p className="fit24-muted">
            Friends who join with your link become your direct partners in the FIT24 affiliate programme.
          </p>
          {account.isPending && <IonSkeletonText animated style={{ height: '48px' }} />}
          {link && own && (
            <>
              <div className="share__code">
                <span className="fit24-muted">Your code</span>
                <strong data-testid="share-code">{own}</strong>
              </div>
              <p className="share__link" data-testid="share-link">
                {link}
              </p>
              <div className="share__actions">
                <IonButton expand="block" onClick={() => void copy()} data-testid="share-copy">
                  <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
                  Copy link
                </IonButton>
                {typeof navigator.share === 'function' && (
                  <IonButton
                    expand="block"
                    fill="outline"
                    onClick={() => void share()}
                    data-testid="share-share"
                  >
                    <IonIcon icon={shareSocialOutline} slot="start" aria-hidden="true" />
                    Share
                  </IonButton>
                )}
              </div>
            </>
          )}
          {account.isSuccess && !own && (
            <p className="fit24-muted">Your invite code will appear here once your account is ready.</p>
          )}
        </section>
      )}
      {!invitedBy && !signedIn && (
        <section className="share__card">
          <IonIcon icon={giftOutline} aria-hidden="true" className="share__icon" />
          <h1>Invite friends</h1>
          <p className="fit24-muted">Sign in to get your personal invite link.</p>
          <IonButton expand="block" routerLink="/login">
            Sign in
          </IonButton>
        </section>
      )}
    </PageShell>
  );
}
