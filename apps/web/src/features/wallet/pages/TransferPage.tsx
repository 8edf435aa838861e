import { ZTransferBody } from '@fit24/contract';
import { IonIcon, IonSpinner } from '@ionic/react';
import { flashOutline, personCircleOutline } from 'ionicons/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField, TextField } from '../../../components/ui/TextField.tsx';
import { useAccount } from '../../../lib/account.ts';
import { amountProblemMessage, checkAmount, formatAmount } from '../../../lib/money.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useBalance } from '../api/get-balances.ts';
import { useRecipientLookup } from '../api/get-transfer-recipient.ts';
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
import { lookupEmail, recipientStatus } from '../utils/recipient.ts';
import '../../../components/ui/forms.css';
import '../components/funds.css';

const PATH = '/funds/transfer';
const empty = { to_email_id: '', amount: '', note: '', txn_password: '' };
/** How long typing must pause before the recipient is looked up (each lookup counts against a limit). */
const LOOKUP_DELAY_MS = 400;

function TransferForm({ assetId, onChoose }: { assetId: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation('wallet');
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
  const typed = form.values.to_email_id;
  const settled = useDebounced(typed, LOOKUP_DELAY_MS);
  const ownEmail = account.data?.account.email_id ?? null;
  const lookup = useRecipientLookup(
    ownEmail !== null && !hold.blocked && settled === typed ? lookupEmail(settled, ownEmail) : null,
  );

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
  if (!row || !account.data) return <Bone style={{ height: 220, borderRadius: 14 }} />;
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
  // Checked as typed, before review: the button stays off while either is wrong or the recipient is not
  // known yet, the reason under the field once something is typed in it.
  const who = recipientStatus(t, values.to_email_id, settled, me.email_id, {
    answer: lookup.data,
    error: lookup.error,
  });
  const recipientText = who.problem;
  const amountText =
    check.problem && amountProblemMessage(check.problem, { symbol, decimals, amount: values.amount });
  const shownErrors = {
    ...errors,
    to_email_id: errors.to_email_id ?? (recipient !== '' ? recipientText : null) ?? undefined,
    amount: errors.amount ?? (values.amount !== '' ? amountText : null) ?? undefined,
  };

  const review = () => {
    const next: Record<string, string> = {};
    if (recipientText) next.to_email_id = recipientText;
    if (amountText) next.amount = amountText;
    // Enter in the note field waits for the recipient's name, as the review button does.
    if (who.maskedName === null && Object.keys(next).length === 0) return;
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
        <SendGuard action="transfer" pause={flow.pause} testPrefix="transfer" />
      </SendFormHead>
      <form className="fit24-form" ref={form.ref} noValidate onSubmit={(event) => event.preventDefault()}>
        <EmailField
          label={t('transfer.email')}
          value={values.to_email_id}
          onChange={(v) => form.set('to_email_id', v)}
          error={shownErrors.to_email_id}
          placeholder={t('transfer.emailPlaceholder')}
          testId="transfer-email"
        />
        {who.maskedName !== null ? (
          <div className="funds-recipient" role="status" data-testid="transfer-recipient">
            <IonIcon icon={personCircleOutline} aria-hidden="true" />
            <span>
              <Trans
                t={t}
                i18nKey="transfer.recipient.sendingTo"
                values={{ name: who.maskedName }}
                components={{ b: <strong data-testid="transfer-recipient-name" /> }}
              />
            </span>
          </div>
        ) : (
          who.checking &&
          !hold.blocked && (
            <div className="funds-recipient" role="status" data-testid="transfer-recipient-checking">
              <IonSpinner name="dots" aria-hidden="true" />
              <span>{t('transfer.recipient.checking')}</span>
            </div>
          )
        )}
        <AmountField
          value={values.amount}
          onChange={(v) => form.set('amount', v)}
          decimals={decimals}
          symbol={symbol}
          max={row.available}
          error={shownErrors.amount}
          testId="transfer-amount"
          maxTestId="transfer-max"
        />
        <TextField
          label={t('transfer.note')}
          value={values.note}
          onChange={(v) => form.set('note', v)}
          error={errors.note}
          maxlength={140}
          placeholder={t('transfer.notePlaceholder')}
          testId="transfer-note"
          onEnter={review}
        />
        <div className="fit24-notice">
          <IonIcon icon={flashOutline} aria-hidden="true" />
          {t('transfer.instant')}
        </div>
        <SubmitButton
          busy={false}
          disabled={hold.blocked || who.maskedName === null || check.problem !== null}
          onClick={review}
          testId="transfer-review"
        >
          {t('transfer.review')}
        </SubmitButton>
      </form>
      <ReviewSheet
        {...flow.sheet(body)}
        title={t('transfer.confirm')}
        rows={[
          { label: t('transfer.rows.to'), value: recipient, testId: 'transfer-review-to' },
          { label: t('transfer.rows.name'), value: who.maskedName, testId: 'transfer-review-name' },
          {
            label: t('transfer.rows.amount'),
            value: unit(values.amount),
            strong: true,
            testId: 'transfer-review-amount',
          },
          { label: t('transfer.rows.fee'), value: t('transfer.rows.free') },
          ...(note ? [{ label: t('transfer.rows.note'), value: note }] : []),
        ]}
        confirmLabel={t('transfer.confirm')}
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
  const { t } = useTranslation('wallet');
  return (
    <AssetActionPage path={PATH} title={t('transfer.title')} lead={t('transfer.lead')} testPrefix="transfer">
      {(assetId, choose) => <TransferForm key={assetId} assetId={assetId} onChoose={choose} />}
    </AssetActionPage>
  );
}
