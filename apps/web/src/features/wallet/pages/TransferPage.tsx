import { ZTransferBody } from '@fit24/contract';
import { IonIcon, IonSkeletonText } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField, TextField } from '../../../components/ui/TextField.tsx';
import { useAccount } from '../../../lib/account.ts';
import { amountProblemMessage, checkAmount, formatAmount } from '../../../lib/money.ts';
import { useBalance } from '../api/get-balances.ts';
import { sendTransfer } from '../api/transfer.ts';
import { AmountField } from '../components/AmountField.tsx';
import { AssetActionPage } from '../components/AssetActionPage.tsx';
import { UnknownAsset } from '../components/AssetChooser.tsx';
import { ReviewSheet } from '../components/ReviewSheet.tsx';
import { SendFormHead } from '../components/SendFormHead.tsx';
import { SendGuard, useSendHold } from '../components/SendGuard.tsx';
import { TransferResult } from '../components/TransferResult.tsx';
import { TxnPasswordNotice } from '../components/TxnPasswordNotice.tsx';
import { useConfirmedSend } from '../components/use-confirmed-send.ts';
import '../../../components/ui/forms.css';
import '../components/funds.css';

const PATH = '/funds/transfer';
const empty = { to_email_id: '', amount: '', note: '', txn_password: '' };

function TransferForm({ assetId, onChoose }: { assetId: number; onChoose: (id: number) => void }) {
  const balance = useBalance(assetId);
  const account = useAccount();
  const hold = useSendHold();
  const flow = useConfirmedSend({
    assetId,
    empty,
    schema: ZTransferBody,
    send: sendTransfer,
    resultOf: (data) => data.transfer,
    // The one thing a transfer can miss besides the asset: a recipient with this email.
    fieldErrorOf: (error) => (error.code === 404 ? { to_email_id: error.message } : null),
    testPrefix: 'transfer',
  });
  const { form, formError, result } = flow;

  const row = balance.data;
  if (balance.isSuccess && !row) return <UnknownAsset onChoose={onChoose} testId="transfer-chooser" />;
  const loadError = balance.error ?? account.error;
  if (loadError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="transfer-error">
        {loadError.message}
      </div>
    );
  }
  if (!row || !account.data) return <IonSkeletonText animated style={{ height: 220, borderRadius: 14 }} />;
  const me = account.data.account;
  if (me.has_txn_password === 0) {
    return <TxnPasswordNotice action="transfer" testId="transfer-need-txn-password" />;
  }
  if (result) {
    return <TransferResult transfer={result} onAgain={flow.again} />;
  }

  const { symbol, decimals } = row;
  const { values, errors } = form;
  const recipient = values.to_email_id.trim().toLowerCase();
  const check = checkAmount({ amount: values.amount, decimals, available: row.available });
  const unit = (amount: string) => `${formatAmount(amount)} ${symbol}`;

  const review = () => {
    const next: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient))
      next.to_email_id = 'Enter the email address of a FIT24 user';
    else if (recipient === me.email_id.toLowerCase()) next.to_email_id = 'You cannot transfer to yourself.';
    if (check.problem) {
      next.amount = amountProblemMessage(check.problem, { symbol, decimals, amount: values.amount });
    }
    flow.review(next);
  };

  const note = values.note.trim();
  const body = {
    asset_id: assetId,
    to_email_id: recipient,
    amount: values.amount,
    txn_password: values.txn_password,
    ...(note ? { note } : {}),
  };

  return (
    <>
      <SendFormHead
        symbol={symbol}
        name={row.name}
        available={unit(row.available)}
        onChoose={onChoose}
        formError={formError}
        testPrefix="transfer"
      >
        <SendGuard action="Transfers" pause={flow.pause} testPrefix="transfer" />
      </SendFormHead>
      <form className="fit24-form" ref={form.ref} noValidate onSubmit={(event) => event.preventDefault()}>
        <EmailField
          label="Recipient's email"
          value={values.to_email_id}
          onChange={(v) => form.set('to_email_id', v)}
          error={errors.to_email_id}
          placeholder="friend@example.com"
          testId="transfer-email"
        />
        <AmountField
          value={values.amount}
          onChange={(v) => form.set('amount', v)}
          decimals={decimals}
          symbol={symbol}
          max={row.available}
          error={errors.amount}
          testId="transfer-amount"
          maxTestId="transfer-max"
        />
        <TextField
          label="Note (optional)"
          value={values.note}
          onChange={(v) => form.set('note', v)}
          error={errors.note}
          maxlength={140}
          placeholder="What is it for?"
          testId="transfer-note"
          onEnter={review}
        />
        <div className="fit24-notice">
          <IonIcon icon={flashOutline} aria-hidden="true" />
          Transfers to other FIT24 users arrive instantly and cost nothing. They cannot be reversed.
        </div>
        <SubmitButton busy={false} disabled={hold.blocked} onClick={review} testId="transfer-review">
          Review transfer
        </SubmitButton>
      </form>
      <ReviewSheet
        {...flow.sheet(body)}
        title="Confirm transfer"
        rows={[
          { label: 'To', value: recipient, testId: 'transfer-review-to' },
          { label: 'Amount', value: unit(values.amount), strong: true, testId: 'transfer-review-amount' },
          { label: 'Fee', value: 'Free' },
          ...(note ? [{ label: 'Note', value: note }] : []),
        ]}
        confirmLabel="Confirm transfer"
        testPrefix="transfer"
      />
    </>
  );
}

/**
 * Send an asset to another user of the exchange by email, confirmed with the transaction password and
 * the second factor when on; paused (frozen, cool-down) with a banner that says until when.
 */
export function TransferPage() {
  return (
    <AssetActionPage
      path={PATH}
      title="Transfer"
      lead="Choose the asset you want to send to another FIT24 user."
      testPrefix="transfer"
    >
      {(assetId, choose) => <TransferForm key={assetId} assetId={assetId} onChoose={choose} />}
    </AssetActionPage>
  );
}
