import { IonIcon, useIonAlert, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { giftOutline, lockClosedOutline, rocketOutline, walletOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { durationInWords } from '../../../lib/duration-words.ts';
import { checkAmount, cleanAmountInput, formatAmount } from '../../../lib/money.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { usePageParam } from '../../../lib/search-params.ts';
import { useFitBalance } from '../api/get-fit-balance.ts';
import { useAffiliateWallet } from '../api/get-wallet.ts';
import { refreshAffiliateData } from '../api/refresh.ts';
import { createStake, type StakeSource } from '../api/stake.ts';
import { type SourceOption, StakeSourcePicker } from '../components/StakeSourcePicker.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { dailyYield, FIT24, FIT24_DECIMALS, formatFixed2 } from '../lib/fit-amount.ts';
import { formatPercent } from '../lib/labels.ts';
import './stake.css';

const SOURCES: Record<string, StakeSource> = { available: 'AVAILABLE', locked: 'LOCKED', wallet: 'WALLET' };

/**
 * Why the typed amount cannot be staked, checked before the confirmation as the server will check it:
 * a FIT24 amount (at most its decimals), more than zero, at least the programme's minimum stake (once the
 * served numbers are in) and within the chosen balance (once it is known). Null when it can be sent.
 */
export function stakeProblem(
  t: TFunction<'affiliate'>,
  input: { amount: string; balance: string | undefined; minimum: string | undefined; source: StakeSource },
): string | null {
  const { amount, balance, minimum, source } = input;
  // An unknown balance caps nothing yet: the amount itself stands in for it, and the server checks.
  const check = checkAmount({ amount, decimals: FIT24_DECIMALS, available: balance ?? amount, minimum });
  const symbol = FIT24;
  switch (check.problem) {
    case null:
      return null;
    case 'invalid':
      return t('stake.problems.invalid');
    case 'too-many-decimals':
      return t('stake.problems.decimals', { symbol, decimals: FIT24_DECIMALS });
    case 'zero':
      return t('stake.problems.zero');
    case 'below-minimum':
      return t('stake.problems.minimum', { minimum: formatAmount(minimum ?? '0', 0), symbol });
    case 'insufficient':
      return t('stake.problems.insufficient', {
        source: t(`sourcesInSentence.${source}`),
        balance: formatFixed2(balance),
        symbol,
      });
  }
}

/** Stake FIT24 from the available, locked or affiliate-wallet balance (DESIGN §3). */
export function StakePage() {
  const { t } = useTranslation('affiliate');
  const { t: tCommon } = useTranslation('common');
  const initial = SOURCES[usePageParam('/affiliate/stake', 'source') ?? ''] ?? 'AVAILABLE';
  const [source, setSource] = useState<StakeSource>(initial);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const programme = useProgramme().data;
  const balance = useFitBalance();
  const wallet = useAffiliateWallet();
  const client = useQueryClient();
  const router = useIonRouter();
  const toast = useToast();
  const [confirm] = useIonAlert();

  const options: SourceOption[] = [
    {
      source: 'AVAILABLE',
      label: t('stake.options.AVAILABLE.label'),
      hint: t('stake.options.AVAILABLE.hint'),
      icon: walletOutline,
      balance: balance.data?.available ?? (balance.isError ? '0' : undefined),
    },
    {
      source: 'LOCKED',
      label: t('stake.options.LOCKED.label'),
      hint: t('stake.options.LOCKED.hint'),
      icon: lockClosedOutline,
      balance: balance.data?.locked ?? (balance.isError ? '0' : undefined),
    },
    {
      source: 'WALLET',
      label: t('stake.options.WALLET.label'),
      hint: t('stake.options.WALLET.hint'),
      icon: giftOutline,
      balance: wallet.data?.balance ?? (wallet.isError ? '0' : undefined),
    },
  ];
  const chosen = options.find((option) => option.source === source)!;
  const typed = /^\d+(\.\d+)?$/.test(amount) ? amount : '0';

  const send = async () => {
    setBusy(true);
    try {
      const answer = await createStake(source, amount);
      if (answer.error) {
        setError(answer.message);
        return;
      }
      await refreshAffiliateData(client);
      toast.success(t('stake.staked', { amount: formatFixed2(answer.data.stake.amount), symbol: FIT24 }));
      setAmount('');
      if (router.canGoBack()) router.goBack();
      else router.push('/affiliate', 'back', 'replace');
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const problem = stakeProblem(t, {
      amount,
      balance: chosen.balance,
      minimum: programme?.min_stake,
      source,
    });
    setError(problem);
    if (problem) return;
    void confirm({
      header: t('stake.confirm.header'),
      message: t('stake.confirm.message', {
        amount: formatFixed2(amount),
        symbol: FIT24,
        source: t(`sourcesInSentence.${source}`),
      }),
      htmlAttributes: { 'data-testid': 'stake-confirm-alert' },
      buttons: [
        { text: tCommon('actions.cancel'), role: 'cancel' },
        {
          text: t('stake.confirm.stake'),
          role: 'confirm',
          htmlAttributes: { 'data-testid': 'stake-confirm' },
          handler: () => void send(),
        },
      ],
    });
  };

  return (
    <SubPage screen="stake" title={t('stake.title')}>
      <p className="aff-lead">{t('stake.lead')}</p>
      <StakeSourcePicker
        options={options}
        value={source}
        onChange={(next) => {
          setSource(next);
          setError(null);
        }}
      />
      <TextField
        label={t('stake.amount')}
        value={amount}
        onChange={(text) => {
          setAmount(cleanAmountInput(text, FIT24_DECIMALS));
          setError(null);
        }}
        inputmode="decimal"
        autocomplete="off"
        placeholder="0.00"
        error={error ?? undefined}
        helper={
          programme
            ? t('stake.minimum', { minimum: formatAmount(programme.min_stake, 0), symbol: FIT24 })
            : ' '
        }
        onEnter={submit}
        testId="stake-amount"
        className="aff-amount"
        end={
          <span className="aff-amount__end">
            <span className="aff-amount__symbol">{FIT24}</span>
            <button
              type="button"
              className="aff-amount__max"
              disabled={chosen.balance === undefined}
              onClick={() => {
                setAmount(chosen.balance ?? '');
                setError(null);
              }}
              data-testid="stake-max"
            >
              {t('stake.max')}
            </button>
          </span>
        }
      />
      <div className="aff-estimate" data-testid="stake-estimate">
        <div>
          <span>{t('stake.dailyYield')}</span>
          <strong className="aff-num">{programme ? formatPercent(programme.yield_percent) : '–'}%</strong>
          <small className="aff-num" data-testid="stake-daily">
            {t('stake.perDay', {
              amount: programme ? formatAmount(dailyYield(typed, programme.yield_percent), 0) : '–',
              symbol: FIT24,
            })}
          </small>
        </div>
        <div className="aff-estimate__boost">
          <span>
            <IonIcon icon={rocketOutline} aria-hidden="true" /> {t('stake.onceBoosted')}
          </span>
          <strong className="aff-num">
            {programme ? formatPercent(programme.boosted_yield_percent) : '–'}%
          </strong>
          <small className="aff-num" data-testid="stake-daily-boosted">
            {t('stake.perDay', {
              amount: programme ? formatAmount(dailyYield(typed, programme.boosted_yield_percent), 0) : '–',
              symbol: FIT24,
            })}
          </small>
        </div>
      </div>
      <p className="aff-footnote">
        {programme
          ? t('stake.rule', {
              target: programme.target_multiplier,
              window: durationInWords(programme.boost_window_seconds),
              after: programme.target_multiplier_after_window,
            })
          : '\u00a0'}
      </p>
      <SubmitButton busy={busy} onClick={submit} testId="stake-submit" className="aff-submit">
        {t('stake.submit', { symbol: FIT24 })}
      </SubmitButton>
    </SubPage>
  );
}
