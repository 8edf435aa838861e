import type { TProgramme } from '@fit24/contract';
import { IonButton, IonIcon, IonSkeletonText, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
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
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { api } from '../../../lib/api.ts';
import { durationInWords } from '../../../lib/duration-words.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { forgetReferralCode, normalizeReferralCode } from '../../../lib/referral.ts';
import { codeStatus } from '../api/code-status.ts';
import { useMembership } from '../api/get-membership.ts';
import { useCodeLookup } from '../api/lookup-code.ts';
import { readStartingCode } from '../api/starting-code.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import './earn.css';

const DASHBOARD = '/affiliate';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "10, 5, 3, 2 and 1". */
function listText(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The four steps, in the served numbers (GET /api/affiliate/programme); dashes until they arrive. */
function steps(p: TProgramme | undefined) {
  const levels = p?.level_income_percent ?? [];
  return [
    {
      icon: layersOutline,
      title: 'Stake FIT24',
      text: `From ${p?.min_stake ?? '–'} FIT24. Every stake earns ${p?.yield_percent ?? '–'}% a day, paid daily.`,
    },
    {
      icon: rocketOutline,
      title: 'Get boosted',
      text: p
        ? `When your partners’ stakes reach ${p.target_multiplier} × yours within ${durationInWords(p.boost_window_seconds)} (${p.target_multiplier_after_window} × after), it earns ${p.boosted_yield_percent}% a day.`
        : 'When your partners’ stakes reach their target, it earns more a day.',
    },
    {
      icon: gitNetworkOutline,
      title: 'Level income',
      text: `Earn ${listText(levels)}% of the rewards of your team, ${WORDS[levels.length] ?? levels.length} levels deep.`,
    },
    {
      icon: flashOutline,
      title: 'Surge weeks',
      text: 'Some weeks multiply every reward: 1.5 X, 2 X and more.',
    },
  ];
}

/** The affiliate programme: what it is, and joining it with an optional referral code (DESIGN §3, §7). */
export function EarnPage() {
  const membership = useMembership();
  const programme = useProgramme().data;
  const yieldText = programme?.yield_percent ?? '–';
  const boostedText = programme?.boosted_yield_percent ?? '–';
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
  const status = codeStatus(code, settled, {
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
      toast.success('Welcome to the FIT24 affiliate programme');
      router.push(DASHBOARD, 'forward');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell page="earn" title="Earn" backHref="/tabs/home">
      <div className="earn">
        <section className="earn-hero">
          <span className="earn-hero__eyebrow">FIT24 affiliate programme</span>
          <h1>Stake FIT24, earn every day</h1>
          <p>
            Grow a team and boost your yield from {yieldText}% to {boostedText}% a day.
          </p>
          <div className="earn-hero__stats">
            <div>
              <strong>{yieldText}%</strong>
              <span>daily yield</span>
            </div>
            <div>
              <strong>{boostedText}%</strong>
              <span>once boosted</span>
            </div>
            <div>
              <strong>{programme?.level_income_percent.length ?? '–'}</strong>
              <span>income levels</span>
            </div>
          </div>
        </section>

        {membership.isPending ? (
          <IonSkeletonText animated className="earn-skeleton" />
        ) : member ? (
          <section className="earn-card earn-card--member">
            <IonIcon icon={checkmarkCircle} className="earn-card__icon" aria-hidden="true" />
            <div>
              <h2>You’re a member</h2>
              <p>Your stakes, team and earnings are on your dashboard.</p>
            </div>
            <IonButton expand="block" routerLink={DASHBOARD} data-testid="earn-open-dashboard">
              Open dashboard
              <IonIcon icon={arrowForwardOutline} slot="end" aria-hidden="true" />
            </IonButton>
          </section>
        ) : (
          <section className="earn-card" aria-label="Join the programme">
            <h2>Join the programme</h2>
            <p>Invited by someone? Enter their code so they become your sponsor.</p>
            <TextField
              label="Referral code (optional)"
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
              Join
            </SubmitButton>
          </section>
        )}

        <section className="earn-steps" aria-label="How it works">
          <h2 className="earn-steps__title">How it works</h2>
          <ol>
            {steps(programme).map((step) => (
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
