import { IonButton, IonIcon } from '@ionic/react';
import {
  copyOutline,
  peopleOutline,
  rocketOutline,
  shareSocialOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { Trans, useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { useAffiliate } from '../api/get-affiliate.ts';
import { SubPage } from '../components/SubPage.tsx';
import { formatPercent } from '../lib/labels.ts';
import './invite.css';

/** The link a friend opens: the server remembers the code for their device and opens the share page. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/r/${encodeURIComponent(code)}`;
}

/** Invite friends: the affiliate code, its link as text and QR code, copy and share. */
export function InvitePage() {
  const { t } = useTranslation('affiliate');
  const affiliate = useAffiliate();
  const programme = useProgramme().data;
  const toast = useToast();
  const code = affiliate.data?.affiliate.code;
  const link = code ? inviteLink(window.location.origin, code) : null;

  const copy = async (text: string, what: 'code' | 'link') => {
    if (await copyText(text)) toast.success(t(`invite.copied.${what}`));
    else toast.error(t('invite.copyUnavailable'));
  };
  const levels = programme?.level_income_percent.length ?? 0;
  // 5 → "five", as the sentence reads; 11 and more as digits.
  const levelsInWords =
    levels <= 10
      ? t(`invite.count.n${levels as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`)
      : String(levels);
  const share = async () => {
    if (!link) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('invite.shareTitle'),
          text: t('invite.shareText'),
          url: link,
        });
        return;
      } catch (error) {
        // Dismissed by the person: nothing to do. Refused by the platform: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy(link, 'link');
  };

  return (
    <SubPage screen="invite" title={t('invite.title')}>
      <section className="aff-invite">
        <h1 className="aff-invite__title">{t('invite.heading')}</h1>
        <p className="aff-lead">{t('invite.lead')}</p>
        <div className="aff-invite__qr" data-testid="invite-qr">
          {link ? (
            <QRCodeSVG
              value={link}
              size={184}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#0a1628"
              title={t('invite.qr')}
              role="img"
            />
          ) : (
            <Bone style={{ width: '184px', height: '184px' }} />
          )}
        </div>
        <div className="aff-invite__code">
          <span>{t('invite.yourCode')}</span>
          {code ? (
            <button type="button" onClick={() => void copy(code, 'code')} className="aff-invite__code-value">
              <strong data-testid="invite-code">{code}</strong>
              <IonIcon icon={copyOutline} aria-label={t('invite.copyCode')} />
            </button>
          ) : (
            <Bone style={{ width: '120px', height: '28px' }} />
          )}
        </div>
        <p className="aff-invite__link" data-testid="invite-link">
          {link ?? ''}
        </p>
        <div className="aff-invite__actions">
          <IonButton
            expand="block"
            disabled={!link}
            onClick={() => link && void copy(link, 'link')}
            data-testid="invite-copy"
          >
            <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
            {t('invite.copyLink')}
          </IonButton>
          <IonButton
            expand="block"
            fill="outline"
            disabled={!link}
            onClick={() => void share()}
            data-testid="invite-share"
          >
            <IonIcon icon={shareSocialOutline} slot="start" aria-hidden="true" />
            {t('invite.share')}
          </IonButton>
        </div>
      </section>
      <ul className="aff-perks">
        <li>
          <IonIcon icon={peopleOutline} aria-hidden="true" />
          <span>
            <Trans t={t} i18nKey="invite.perks.partners" components={{ b: <strong /> }} />
          </span>
        </li>
        <li>
          <IonIcon icon={rocketOutline} aria-hidden="true" />
          <span>
            <Trans
              t={t}
              i18nKey="invite.perks.boost"
              values={{
                yield: programme ? formatPercent(programme.yield_percent) : '–',
                boosted: programme ? formatPercent(programme.boosted_yield_percent) : '–',
              }}
              components={{ b: <strong /> }}
            />
          </span>
        </li>
        <li>
          <IonIcon icon={trendingUpOutline} aria-hidden="true" />
          <span>
            <Trans
              t={t}
              i18nKey="invite.perks.levels"
              values={{
                percents: programme?.level_income_percent.map(formatPercent).join(' / ') ?? '–',
                levels: levelsInWords,
              }}
              components={{ b: <strong /> }}
            />
          </span>
        </li>
      </ul>
    </SubPage>
  );
}
