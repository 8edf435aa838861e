import { IonIcon, useIonAlert, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { giftOutline, lockClosedOutline, rocketOutline, walletOutline } from 'ionicons/icons';
import { useState } from 'react';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { durationInWords } from '../../../lib/duration-words.ts';
import { cleanAmountInput } from '../../../lib/money.ts';
import { useProgramme } from '../../../lib/programme.ts';
import { usePageParam } from '../../../lib/search-params.ts';
import { useFitBalance } from '../api/get-fit-balance.ts';
import { useAffiliateWallet } from '../api/get-wallet.ts';
import { refreshAffiliateData } from '../api/refresh.ts';
import { createStake, type StakeSource } from '../api/stake.ts';
import { type SourceOption, StakeSourcePicker } from '../components/StakeSourcePicker.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { dailyYield, FIT24, FIT24_DECIMALS, fitUnits, formatFixed2 } from '../lib/fit-amount.ts';
import { sourceLabel } from '../lib/labels.ts';
import './stake.css';

const SOURCES: Record<string, StakeSource> = { available: 'AVAILABLE', locked: 'LOCKED', wallet: 'WALLET' };

/** Why the typed amount cannot be sent, checked before asking; the minimum is the server's to enforce. */
function amountProblem(amount: string, balance: string | undefined, source: StakeSource): string | null {
  if (!/^\d+(\.\d+)?$/.test(amount)) return 'Enter an amount such as 100';
  const units = fitUnits(amount);
  if (units <= 0n) return 'The amount must be more than zero.';
  if (balance !== undefined && units > fitUnits(balance)) {
    return `Your ${sourceLabel[source].toLowerCase()} holds only ${formatFixed2(balance)} ${FIT24}.`;
  }
  return null;
}

/** Stake FIT24 from the available, locked or affiliate-wallet balance (DESIGN §3). */
export function StakePage() {
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
      label: 'Available',
      hint: 'Your free FIT24',
      icon: walletOutline,
      balance: balance.data?.available ?? (balance.isError ? '0' : undefined),
    },
    {
      source: 'LOCKED',
      label: 'Locked',
      hint: 'Lock-up grants',
      icon: lockClosedOutline,
      balance: balance.data?.locked ?? (balance.isError ? '0' : undefined),
    },
    {
      source: 'WALLET',
      label: 'Affiliate wallet',
      hint: 'Rewards not claimed yet',
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
      toast.success(`Staked ${formatFixed2(answer.data.stake.amount)} ${FIT24}`);
      setAmount('');
      if (router.canGoBack()) router.goBack();
      else router.push('/affiliate', 'back', 'replace');
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const problem = amountProblem(amount, chosen.balance, source);
    setError(problem);
    if (problem) return;
    void confirm({
      header: 'Confirm your stake',
      message: `Stake ${formatFixed2(amount)} ${FIT24} from your ${sourceLabel[source].toLowerCase()}? Stakes have no end date.`,
      htmlAttributes: { 'data-testid': 'stake-confirm-alert' },
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Stake',
          role: 'confirm',
          htmlAttributes: { 'data-testid': 'stake-confirm' },
          handler: () => void send(),
        },
      ],
    });
  };

  return (
    <SubPage screen="stake" title="Stake FIT24">
      <p className="aff-lead">Choose where the FIT24 comes from, then how much to stake.</p>
      <StakeSourcePicker
        options={options}
        value={source}
        onChange={(next) => {
          setSource(next);
          setError(null);
        }}
      />
      <TextField
        label="Amount"
        value={amount}
        onChange={(text) => {
          setAmount(cleanAmountInput(text, FIT24_DECIMALS));
          setError(null);
        }}
        inputmode="decimal"
        autocomplete="off"
        placeholder="0.00"
        error={error ?? undefined}
        helper={programme ? `Minimum ${programme.min_stake} ${FIT24}` : ' '}
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
              Max
            </button>
          </span>
        }
      />
      <div className="aff-estimate" data-testid="stake-estimate">
        <div>
          <span>Daily yield</span>
          <strong className="aff-num">{programme?.yield_percent ?? '–'}%</strong>
          <small className="aff-num" data-testid="stake-daily">
            ≈ {programme ? dailyYield(typed, programme.yield_percent) : '–'} {FIT24} / day
          </small>
        </div>
        <div className="aff-estimate__boost">
          <span>
            <IonIcon icon={rocketOutline} aria-hidden="true" /> Once boosted
          </span>
          <strong className="aff-num">{programme?.boosted_yield_percent ?? '–'}%</strong>
          <small className="aff-num" data-testid="stake-daily-boosted">
            ≈ {programme ? dailyYield(typed, programme.boosted_yield_percent) : '–'} {FIT24} / day
          </small>
        </div>
      </div>
      <p className="aff-footnote">
        {programme
          ? `A stake is boosted when your direct partners’ new stakes reach ${programme.target_multiplier} × its amount within ${durationInWords(programme.boost_window_seconds)}, or ${programme.target_multiplier_after_window} × after. Rewards are paid daily into your affiliate wallet, multiplied by the week’s surge.`
          : '\u00a0'}
      </p>
      <SubmitButton busy={busy} onClick={submit} testId="stake-submit" className="aff-submit">
        Stake {FIT24}
      </SubmitButton>
    </SubPage>
  );
}
