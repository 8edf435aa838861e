import type { TProgramme } from '@fit24/contract';
import { IonButton, IonIcon, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  arrowForwardOutline,
  checkmarkCircle,
  closeCircle,
  flashOutline,
  gitNetworkOutline,
  layersOutline,
  rocketOutline,
} from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { currentLocale } from '../../../i18n/i18n.ts';
import { api } from '../../../lib/api.ts';
import { durationInWords } from '../../../lib/duration-words.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { forgetReferralCode, normalizeReferralCode } from '../../../lib/referral.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { codeStatus } from '../api/code-status.ts';
import { useMembership } from '../api/get-membership.ts';
import { useCodeLookup } from '../api/lookup-code.ts';
import { readStartingCode } from '../api/starting-code.ts';
import './earn.css';

const DASHBOARD = '/affiliate';

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
] as const;

/** A served number as the language writes it, every decimal it came with ("0.30"); a dash until it arrives. */
function shown(value: string | number | undefined): string {
  if (value === undefined) return '–';
  const text = String(value);
  return formatAmount(text, text.split('.')[1]?.length ?? 0);
}

/** "10, 5, 3, 2 and 1" ("10, 5, 3, 2 y 1"): the list joined the way the language on screen joins one. */
function listText(items: readonly string[]): string {
  return new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(
    items.map((item) => shown(item)),
  );
}

/** The four steps, in the served numbers (GET /api/affiliate/programme); dashes until they arrive. */
function steps(t: TFunction<'earn'>, p: TProgramme | undefined) {
  const levels = p?.level_income_percent ?? [];
  const word = NUMBER_WORDS[levels.length];
  return [
    {
      icon: layersOutline,
      title: t('steps.stake.title'),
      text: t('steps.stake.text', { min: shown(p?.min_stake), yield: shown(p?.yield_percent) }),
    },
    {
      icon: rocketOutline,
      title: t('steps.boost.title'),
      text: p
        ? t('steps.boost.text', {
            target: shown(p.target_multiplier),
            window: durationInWords(p.boost_window_seconds),
            after: shown(p.target_multiplier_after_window),
            yield: shown(p.boosted_yield_percent),
          })
        : t('steps.boost.pending'),
    },
    {
      icon: gitNetworkOutline,
      title: t('steps.levels.title'),
      text: t('steps.levels.text', {
        list: listText(levels.map(String)),
        words: word ? t(`numberWords.${word}`) : String(levels.length),
        count: levels.length,
      }),
    },
    {
      icon: flashOutline,
      title: t('steps.surge.title'),
      text: t('steps.surge.text'),
    },
  ];
}

/** The affiliate programme: what it is, and joining it with an optional referral code (DESIGN §3, §7). */
export function EarnPage() {
  const { t } = useTranslation('earn');
  const membership = useMembership();
  const programme = useProgramme().data;
  const yieldText = shown(programme?.yield_percent);
  const boostedText = shown(programme?.boosted_yield_percent);
  const member = membership.isSuccess;
  const router = useIonRouter();
  const client = useQueryClient();
  const toast = useToast();
  const [code, setCode] = useState('');
  const touched = useRef(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settled = useDebounced(code, 400);
  const lookup = useCodeLookup(normalizeReferralCode(settled));
  const status = codeStatus(t, code, settled, {
    pending: lookup.isPending,
    error: lookup.isError,
    sponsor: lookup.data,
  });

  useEffect(() => {
    let live = true;
    void readStartingCode().then((start) => {
      if (live && start && !touched.current) setCode(start);
    });
    return () => {
      live = false;
    };
  }, []);

  const join = async () => {
    if (!status.canJoin) {
      setCodeError(status.state === 'checking' ? null : status.message);
      return;
    }
    setBusy(true);
    try {
      const referral = normalizeReferralCode(code);
      const answer = await api.call('affiliate.register', {
        body: referral ? { referral_code: referral } : {},
      });
      if (answer.error && answer.code !== 409) {
        if (answer.fields?.referral_code) setCodeError(answer.message);
        else toast.error(answer.message);
        return;
      }
      if (!answer.error) client.setQueryData(['affiliate'], answer.data);
      await forgetReferralCode();
      toast.success(t('join.welcome'));
      router.push(DASHBOARD, 'forward');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell page="earn" title={t('title')} backHref="/tabs/home">
      <div className="earn">
        <section className="earn-hero">
          <span className="earn-hero__eyebrow">{t('hero.eyebrow')}</span>
          <h1>{t('hero.title')}</h1>
          <p>{t('hero.lead', { from: yieldText, to: boostedText })}</p>
          <div className="earn-hero__stats">
            <div>
              <strong>{yieldText}%</strong>
              <span>{t('hero.dailyYield')}</span>
            </div>
            <div>
              <strong>{boostedText}%</strong>
              <span>{t('hero.boosted')}</span>
            </div>
            <div>
              <strong>{shown(programme?.level_income_percent.length)}</strong>
              <span>{t('hero.levels')}</span>
            </div>
          </div>
        </section>

        {membership.isPending ? (
          <Bone className="earn-skeleton" />
        ) : member ? (
          <section className="earn-card earn-card--member">
            <IonIcon icon={checkmarkCircle} className="earn-card__icon" aria-hidden="true" />
            <div>
              <h2>{t('member.title')}</h2>
              <p>{t('member.text')}</p>
            </div>
            <IonButton expand="block" routerLink={DASHBOARD} data-testid="earn-open-dashboard">
              {t('member.open')}
              <IonIcon icon={arrowForwardOutline} slot="end" aria-hidden="true" />
            </IonButton>
          </section>
        ) : (
          <section className="earn-card" aria-label={t('join.title')}>
            <h2>{t('join.title')}</h2>
            <p>{t('join.lead')}</p>
            <TextField
              label={t('join.code')}
              value={code}
              onChange={(text) => {
                touched.current = true;
                setCode(text.toUpperCase().replace(/\s+/g, ''));
                setCodeError(null);
              }}
              maxlength={16}
              autocapitalize="characters"
              error={codeError ?? undefined}
              onEnter={() => void join()}
              testId="earn-code"
            />
            <p
              className={`earn-code-status earn-code-status--${status.state}`}
              data-testid="earn-code-status"
              data-state={status.state}
            >
              {status.state === 'found' && <IonIcon icon={checkmarkCircle} aria-hidden="true" />}
              {(status.state === 'not-found' || status.state === 'invalid') && (
                <IonIcon icon={closeCircle} aria-hidden="true" />
              )}
              {status.message}
            </p>
            <SubmitButton
              busy={busy}
              onClick={() => void join()}
              testId="earn-join"
              disabled={status.state === 'checking'}
            >
              {t('join.join')}
            </SubmitButton>
          </section>
        )}

        <section className="earn-steps" aria-label={t('steps.title')}>
          <h2 className="earn-steps__title">{t('steps.title')}</h2>
          <ol>
            {steps(t, programme).map((step) => (
              <li key={step.title}>
                <span className="earn-steps__icon" aria-hidden="true">
                  <IonIcon icon={step.icon} />
                </span>
                <span>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </PageShell>
  );
}
