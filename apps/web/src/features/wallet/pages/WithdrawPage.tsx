import { type TSavedAddress, ZWithdrawBody } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAccount } from '../../../lib/account.ts';
import { addressProblem } from '../../../lib/address.ts';
import { networkLabel } from '../../../lib/format.ts';
import {
  amountProblemMessage,
  checkAmount,
  cleanAmountInput,
  formatAmount,
  maxWithdrawable,
} from '../../../lib/money.ts';
import { useAsset } from '../api/get-asset.ts';
import { useBalance } from '../api/get-balances.ts';
import { sendWithdrawal } from '../api/withdraw.ts';
import { AmountField } from '../components/AmountField.tsx';
import { AssetActionPage } from '../components/AssetActionPage.tsx';
import { UnknownAsset } from '../components/AssetChooser.tsx';
import { NoticeCards } from '../components/NoticeCards.tsx';
import { ReviewSheet } from '../components/ReviewSheet.tsx';
import { SendFormHead } from '../components/SendFormHead.tsx';
import { SendGuard, useSendHold } from '../components/SendGuard.tsx';
import { SummaryRows } from '../components/SummaryRows.tsx';
import { TxnPasswordNotice } from '../components/TxnPasswordNotice.tsx';
import { UnavailableNotice } from '../components/UnavailableNotice.tsx';
import { useConfirmedSend } from '../components/use-confirmed-send.ts';
import { WhitelistNotice, WithdrawDestination } from '../components/WithdrawDestination.tsx';
import { WithdrawLimit } from '../components/WithdrawLimit.tsx';
import { WithdrawResult } from '../components/WithdrawResult.tsx';
import { addressProblemText } from '../utils/address.ts';
import '../../../components/ui/forms.css';
import '../components/funds.css';

const PATH = '/funds/withdraw';
const empty = { address: '', memo: '', amount: '', txn_password: '' };

function WithdrawForm({ assetId, onChoose }: { assetId: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation('wallet');
  const asset = useAsset(assetId);
  const balance = useBalance(assetId);
  const account = useAccount();
  const hold = useSendHold();
  // The address-book entry the address came from, for the review; reset with the form.
  const [picked, setPicked] = useState<TSavedAddress | null>(null);
  const flow = useConfirmedSend({
    assetId,
    empty,
    schema: ZWithdrawBody,
    send: sendWithdrawal,
    resultOf: (data) => data.withdrawal,
    testPrefix: 'withdraw',
  });
  const { form, formError, result } = flow;

  const info = asset.data?.asset;
  const row = balance.data;
  if (balance.isSuccess && !row) return <UnknownAsset onChoose={onChoose} testId="withdraw-chooser" />;
  const loadError = asset.error ?? balance.error ?? account.error;
  if (loadError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="withdraw-error">
        {loadError.message}
      </div>
    );
  }
  if (!info || !row || !account.data) {
    return <Bone style={{ height: 220, borderRadius: 14 }} />;
  }
  if (account.data.account.has_txn_password === 0) {
    // Setting a password would not make an asset that cannot move here withdrawable: say why instead.
    return info.unavailable_reason !== null ? (
      <UnavailableNotice
        symbol={info.symbol}
        what="withdrawals"
        reason={info.unavailable_reason}
        testId="withdraw-unavailable"
      />
    ) : (
      <TxnPasswordNotice action="withdrawal" testId="withdraw-need-txn-password" />
    );
  }
  if (result) {
    return (
      <WithdrawResult
        withdrawal={result}
        decimals={info.decimals}
        onAgain={() => {
          setPicked(null);
          flow.again();
        }}
      />
    );
  }

  const { symbol, decimals } = info;
  const { values, errors } = form;
  const unavailable = info.unavailable_reason;
  // Paused by the operator, or impossible here (no node for its network): the form cannot be sent.
  const closed = info.withdraw_enabled === 0 || unavailable !== null;
  const check = checkAmount({
    amount: values.amount,
    decimals,
    available: row.available,
    fee: info.withdraw_fee,
    minimum: info.min_withdraw,
  });
  const unit = (amount: string) => `${formatAmount(amount)} ${symbol}`;
  const valid = check.units !== null && check.total !== null;
  // Checked as typed, before review: the button stays off while either is wrong, the reason under the
  // field once something is typed in it (an empty form is not shouted at).
  const addressIssue = addressProblem(info.network, values.address);
  const addressText = addressIssue && addressProblemText(t, addressIssue, { symbol, network: info.network });
  const amountText =
    check.problem &&
    amountProblemMessage(check.problem, {
      symbol,
      decimals,
      minimum: info.min_withdraw,
      fee: info.withdraw_fee,
      amount: values.amount,
    });
  const shownErrors = {
    ...errors,
    address: errors.address ?? (values.address.trim() !== '' ? addressText : null) ?? undefined,
    amount: errors.amount ?? (values.amount !== '' ? amountText : null) ?? undefined,
  };

  const review = () => {
    const next: Record<string, string> = {};
    if (addressText) next.address = addressText;
    if (amountText) next.amount = amountText;
    flow.review(next);
  };

  const memo = values.memo.trim();
  const body = {
    asset_id: assetId,
    address: values.address.trim(),
    amount: values.amount,
    txn_password: values.txn_password,
    ...(memo ? { memo } : {}),
  };

  return (
    <>
      <SendFormHead
        symbol={symbol}
        name={info.name}
        available={unit(row.available)}
        onChoose={onChoose}
        formError={formError}
        testPrefix="withdraw"
      >
        <WithdrawLimit />
        <SendGuard action="withdraw" pause={flow.pause} testPrefix="withdraw" />
        {unavailable !== null && (
          <UnavailableNotice
            symbol={symbol}
            what="withdrawals"
            reason={unavailable}
            testId="withdraw-unavailable"
          />
        )}
        {unavailable === null && info.withdraw_enabled === 0 && (
          <div className="fit24-notice fit24-notice--warning" data-testid="withdraw-disabled">
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
            {t('withdraw.paused', { symbol })}
          </div>
        )}
        <WhitelistNotice />
      </SendFormHead>
      <form className="fit24-form" ref={form.ref} noValidate onSubmit={(event) => event.preventDefault()}>
        <WithdrawDestination
          assetId={assetId}
          symbol={symbol}
          network={info.network}
          decimals={decimals}
          address={values.address}
          memo={values.memo}
          errors={shownErrors}
          onChange={(next) => {
            if (next.address !== undefined) form.set('address', next.address);
            if (next.memo !== undefined) form.set('memo', next.memo);
            if (next.picked !== undefined) setPicked(next.picked);
            // A scanned payment request's amount fills an empty field, never one the user typed.
            if (next.amount !== undefined && values.amount === '') {
              form.set('amount', cleanAmountInput(next.amount, decimals));
            }
          }}
        />
        <AmountField
          value={values.amount}
          onChange={(v) => form.set('amount', v)}
          decimals={decimals}
          symbol={symbol}
          max={maxWithdrawable(row.available, info.withdraw_fee, decimals)}
          error={shownErrors.amount}
          helper={t('withdraw.minimum', { amount: unit(info.min_withdraw) })}
          testId="withdraw-amount"
          maxTestId="withdraw-max"
          onEnter={review}
        />
        <SummaryRows
          testId="withdraw-preview"
          rows={[
            { label: t('withdraw.fee'), value: unit(info.withdraw_fee), testId: 'withdraw-fee' },
            {
              label: t('withdraw.receive'),
              value: valid ? unit(values.amount) : '—',
              testId: 'withdraw-receive',
            },
            {
              label: t('withdraw.total'),
              value: valid ? unit(check.total ?? '0') : '—',
              testId: 'withdraw-total',
              strong: true,
            },
          ]}
        />
        <SubmitButton
          busy={false}
          disabled={closed || hold.blocked || addressIssue !== null || check.problem !== null}
          onClick={review}
          testId="withdraw-review"
        >
          {t('withdraw.review')}
        </SubmitButton>
      </form>
      <NoticeCards assetId={assetId} type="withdraw" />
      <ReviewSheet
        {...flow.sheet(body)}
        title={t('withdraw.confirm')}
        rows={[
          { label: t('withdraw.rows.asset'), value: `${info.name} (${symbol})` },
          { label: t('withdraw.rows.network'), value: networkLabel(info.network) },
          ...(picked
            ? [
                {
                  label: t('withdraw.rows.addressBook'),
                  value: picked.label,
                  testId: 'withdraw-review-label',
                },
              ]
            : []),
          {
            label: t('withdraw.rows.toAddress'),
            value: values.address.trim(),
            mono: true,
            testId: 'withdraw-review-address',
          },
          ...(memo ? [{ label: t('withdraw.rows.memo'), value: memo, mono: true }] : []),
          { label: t('withdraw.rows.amount'), value: unit(values.amount) },
          { label: t('withdraw.fee'), value: unit(info.withdraw_fee) },
          { label: t('withdraw.receive'), value: unit(values.amount), testId: 'withdraw-review-receive' },
          {
            label: t('withdraw.total'),
            value: unit(check.total ?? '0'),
            strong: true,
            testId: 'withdraw-review-total',
          },
        ]}
        warning={t('withdraw.warning')}
        confirmLabel={t('withdraw.confirm')}
        testPrefix="withdraw"
      />
    </>
  );
}

/**
 * Withdraw to an external address (typed, or picked from the address book): the 24-hour limit, fee and
 * totals before review; the transaction password and the second factor to confirm; the freeze, cool-down
 * and limit shown as banners with the time they end.
 */
export function WithdrawPage() {
  const { t } = useTranslation('wallet');
  return (
    <AssetActionPage path={PATH} title={t('withdraw.title')} lead={t('withdraw.lead')} testPrefix="withdraw">
      {(assetId, choose) => <WithdrawForm key={assetId} assetId={assetId} onChoose={choose} />}
    </AssetActionPage>
  );
}
