import { IonButton, IonIcon, IonSkeletonText } from '@ionic/react';
import {
  copyOutline,
  peopleOutline,
  rocketOutline,
  shareSocialOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { useAffiliate } from '../api/get-affiliate.ts';
import { SubPage } from '../components/SubPage.tsx';
import './invite.css';

/** The link a friend opens: the server remembers the code for their device and opens the share page. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/r/${encodeURIComponent(code)}`;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** 5 → "five", as the sentence reads; 11 and more as digits. */
const countWord = (n: number) => WORDS[n] ?? String(n);

/** Invite friends: the affiliate code, its link as text and QR code, copy and share. */
export function InvitePage() {
  const affiliate = useAffiliate();
  const programme = useProgramme().data;
  const toast = useToast();
  const code = affiliate.data?.affiliate.code;
  const link = code ? inviteLink(window.location.origin, code) : null;

  const copy = async (text: string, what: string) => {
    if (await copyText(text)) toast.success(`${what} copied`);
    else toast.error('Copying is not available here; select the text and copy it.');
  };
  const share = async () => {
    if (!link) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: 'Join me on FIT24 Exchange',
          text: 'Stake FIT24 with me.',
          url: link,
        });
        return;
      } catch (error) {
        // Dismissed by the person: nothing to do. Refused by the platform: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy(link, 'Invite link');
  };

  return (
    <SubPage screen="invite" title="Invite Friends">
      <section className="aff-invite">
        <h1 className="aff-invite__title">Grow your team, boost your stakes</h1>
        <p className="aff-lead">
          Friends who join with your code become your direct partners. Their stakes boost yours, and you earn
          level income on their rewards.
        </p>
        <div className="aff-invite__qr" data-testid="invite-qr">
          {link ? (
            <QRCodeSVG value={link} size={184} marginSize={2} bgColor="#ffffff" fgColor="#0a1628" />
          ) : (
            <IonSkeletonText animated style={{ width: '184px', height: '184px' }} />
          )}
        </div>
        <div className="aff-invite__code">
          <span>Your code</span>
          {code ? (
            <button type="button" onClick={() => void copy(code, 'Code')} className="aff-invite__code-value">
              <strong data-testid="invite-code">{code}</strong>
              <IonIcon icon={copyOutline} aria-label="Copy code" />
            </button>
          ) : (
            <IonSkeletonText animated style={{ width: '120px', height: '28px' }} />
          )}
        </div>
        <p className="aff-invite__link" data-testid="invite-link">
          {link ?? ''}
        </p>
        <div className="aff-invite__actions">
          <IonButton
            expand="block"
            disabled={!link}
            onClick={() => link && void copy(link, 'Invite link')}
            data-testid="invite-copy"
          >
            <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
            Copy link
          </IonButton>
          <IonButton
            expand="block"
            fill="outline"
            disabled={!link}
            onClick={() => void share()}
            data-testid="invite-share"
          >
            <IonIcon icon={shareSocialOutline} slot="start" aria-hidden="true" />
            Share
          </IonButton>
        </div>
      </section>
      <ul className="aff-perks">
        <li>
          <IonIcon icon={peopleOutline} aria-hidden="true" />
          <span>
            <strong>Direct partners</strong> join with your code or link.
          </span>
        </li>
        <li>
          <IonIcon icon={rocketOutline} aria-hidden="true" />
          <span>
            <strong>Boost</strong>: their stakes lift yours from {programme?.yield_percent ?? '–'}% to{' '}
            {programme?.boosted_yield_percent ?? '–'}% a day.
          </span>
        </li>
        <li>
          <IonIcon icon={trendingUpOutline} aria-hidden="true" />
          <span>
            <strong>Level income</strong>: {programme?.level_income_percent.join(' / ') ?? '–'}% of rewards on{' '}
            {countWord(programme?.level_income_percent.length ?? 0)} levels.
          </span>
        </li>
      </ul>
    </SubPage>
  );
}
