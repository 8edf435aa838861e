import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline, giftOutline, shareSocialOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Bone } from '../../../components/ui/Bone.tsx';
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
  const { t } = useTranslation('system');
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
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };
  const share = async () => {
    if (!link) return;
    try {
      await navigator.share({
        title: t('share.shareTitle'),
        text: t('share.shareText'),
        url: link,
      });
    } catch {
      // Dismissed by the user.
    }
  };

  return (
    <PageShell page="share" title={t('share.title')} backHref={signedIn ? '/tabs/account' : '/'}>
      {invitedBy && !signedIn && (
        <section className="share__card" data-testid="share-invited">
          <IonIcon icon={giftOutline} aria-hidden="true" className="share__icon" />
          <h1>{t('share.invited.heading')}</h1>
          <p className="fit24-muted">
            <Trans
              t={t}
              i18nKey="share.invited.lead"
              values={{ code: kept ?? invitedBy }}
              components={{ code: <strong data-testid="share-invite-code" /> }}
            />
          </p>
          <IonButton expand="block" size="large" routerLink="/register" data-testid="share-register">
            {t('share.invited.register')}
          </IonButton>
          <IonButton expand="block" fill="clear" routerLink="/login">
            {t('share.invited.haveAccount')}
          </IonButton>
        </section>
      )}
      {signedIn && (
        <section className="share__card">
          <IonIcon icon={shareSocialOutline} aria-hidden="true" className="share__icon" />
          <h1>{t('share.own.heading')}</h1>
          <p className="fit24-muted">{t('share.own.lead')}</p>
          {account.isPending && <Bone style={{ height: '48px' }} />}
          {link && own && (
            <>
              <div className="share__code">
                <span className="fit24-muted">{t('share.own.yourCode')}</span>
                <strong data-testid="share-code">{own}</strong>
              </div>
              <p className="share__link" data-testid="share-link">
                {link}
              </p>
              <div className="share__actions">
                <IonButton expand="block" onClick={() => void copy()} data-testid="share-copy">
                  <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
                  {t('share.own.copy')}
                </IonButton>
                {typeof navigator.share === 'function' && (
                  <IonButton
                    expand="block"
                    fill="outline"
                    onClick={() => void share()}
                    data-testid="share-share"
                  >
                    <IonIcon icon={shareSocialOutline} slot="start" aria-hidden="true" />
                    {t('share.own.share')}
                  </IonButton>
                )}
              </div>
            </>
          )}
          {account.isSuccess && !own && <p className="fit24-muted">{t('share.own.pending')}</p>}
        </section>
      )}
      {!invitedBy && !signedIn && (
        <section className="share__card">
          <IonIcon icon={giftOutline} aria-hidden="true" className="share__icon" />
          <h1>{t('share.visitor.heading')}</h1>
          <p className="fit24-muted">{t('share.visitor.lead')}</p>
          <IonButton expand="block" routerLink="/login">
            {t('share.visitor.signIn')}
          </IonButton>
        </section>
      )}
    </PageShell>
  );
}
