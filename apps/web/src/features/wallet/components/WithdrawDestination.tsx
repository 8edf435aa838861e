import type { TSavedAddress } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { shieldCheckmarkOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoField } from '../../../components/ui/MemoField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { networkLabel } from '../../../lib/format.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useSecurity } from '../../../lib/security.ts';
import type { PaymentRequest } from '../utils/payment-uri.ts';
import { AddressBookPicker } from './AddressBookPicker.tsx';
import { AddressTools } from './AddressTools.tsx';

/**
 * Whitelist-only as it holds now: while on and, once turned off, until its delay ends (`endsAt`). Only
 * active address-book entries may be withdrawn to meanwhile.
 */
export function useWhitelist() {
  const security = useSecurity().data?.security;
  const endsAt = security?.whitelist_only === 1 ? null : (security?.whitelist_off_date ?? null);
  return { on: security?.whitelist_only === 1 || endsAt !== null, endsAt };
}

/** Says that only the address book may be used while whitelist-only holds, and until when. */
export function WhitelistNotice() {
  const { t } = useTranslation('wallet');
  const whitelist = useWhitelist();
  if (!whitelist.on) return null;
  return (
    <div className="fit24-notice" data-testid="withdraw-whitelist">
      <IonIcon icon={shieldCheckmarkOutline} aria-hidden="true" />
      <span>
        {t('destination.whitelist')}
        {whitelist.endsAt !== null &&
          t('destination.whitelistEnds', { date: formatDateTime(whitelist.endsAt) })}
      </span>
    </div>
  );
}

/**
 * Where a withdrawal goes: picked from the address book (which fills address and memo), typed, pasted or
 * scanned from a QR code (a payment URI's amount is passed on as `amount`), and a memo or tag when the
 * receiving platform asks for one. Any other address drops the pick. `error` is the address's problem.
 */
export function WithdrawDestination({
  assetId,
  symbol,
  network,
  decimals,
  address,
  memo,
  errors,
  onChange,
}: {
  assetId: number;
  symbol: string;
  network: string;
  /** The asset's decimals, to read a token amount in a scanned payment request. */
  decimals: number;
  address: string;
  memo: string;
  errors: FieldErrors;
  onChange: (next: {
    address?: string;
    memo?: string;
    picked?: TSavedAddress | null;
    amount?: string;
  }) => void;
}) {
  const { t } = useTranslation('wallet');
  const whitelist = useWhitelist();
  const [picked, setPicked] = useState<TSavedAddress | null>(null);
  const [withMemo, setWithMemo] = useState(false);

  const pick = (entry: TSavedAddress) => {
    setPicked(entry);
    onChange({ address: entry.address, memo: entry.memo ?? '', picked: entry });
  };
  const type = (value: string) => {
    const stillPicked = picked && value.trim() === picked.address ? picked : null;
    if (!stillPicked) setPicked(null);
    onChange({ address: value, picked: stillPicked });
  };
  const request = ({ address: to, amount }: PaymentRequest) => {
    type(to);
    if (amount !== null) onChange({ amount });
  };

  return (
    <>
      <AddressBookPicker assetId={assetId} symbol={symbol} picked={picked} onPick={pick} />
      <TextField
        label={t('destination.label', { symbol, network: networkLabel(network) })}
        value={address}
        onChange={type}
        error={errors.address}
        placeholder={whitelist.on ? t('destination.placeholderBook') : t('destination.placeholder')}
        autocomplete="off"
        className="funds-mono-input"
        testId="withdraw-address"
      />
      <AddressTools tokenDecimals={decimals} onRequest={request} />
      <MemoField
        open={withMemo || memo !== ''}
        onOpen={() => setWithMemo(true)}
        value={memo}
        onChange={(value) => onChange({ memo: value })}
        error={errors.memo}
        testId="withdraw-memo"
      />
    </>
  );
}
