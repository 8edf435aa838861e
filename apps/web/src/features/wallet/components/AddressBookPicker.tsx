import type { TSavedAddress } from '@fit24/contract';
import { IonButton, IonContent, IonIcon, IonModal, useIonRouter } from '@ionic/react';
import { addOutline, bookOutline, chevronForward } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressStatusChip } from '../../../components/ui/AddressStatusChip.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { SheetHeader } from '../../../components/ui/SheetHeader.tsx';
import { addressWhen } from '../../../lib/address-when.ts';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { useSavedAddresses } from '../../../lib/saved-addresses.ts';
import './funds-forms.css';

/**
 * "Pick from the address book" for a withdrawal: the asset's saved addresses in a sheet; active ones fill
 * the address and memo, the others are shown greyed with when they become usable; a way to add one.
 */
export function AddressBookPicker({
  assetId,
  symbol,
  picked,
  onPick,
}: {
  assetId: number;
  symbol: string;
  /** The entry whose address is in the form now, if any. */
  picked: TSavedAddress | null;
  onPick: (address: TSavedAddress) => void;
}) {
  const { t } = useTranslation('wallet');
  const saved = useSavedAddresses(assetId);
  const router = useIonRouter();
  const [open, setOpen] = useState(false);
  const list = saved.data?.addresses ?? [];
  const active = list.filter((address) => address.status === 'ACTIVE').length;

  const addOne = () => {
    setOpen(false);
    router.push(`/security?add_address=${assetId}`, 'forward');
  };

  if (saved.isPending) return null;
  if (list.length === 0) {
    return (
      <button
        type="button"
        className="funds-book funds-book--empty"
        onClick={addOne}
        data-testid="withdraw-book-add"
      >
        <IonIcon icon={bookOutline} aria-hidden="true" />
        <span className="funds-book__text">
          <strong>{t('book.saveTitle', { symbol })}</strong>
          <span>{t('book.saveText')}</span>
        </span>
        <IonIcon icon={chevronForward} aria-hidden="true" />
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="funds-book"
        onClick={() => setOpen(true)}
        data-testid="withdraw-book-open"
      >
        <IonIcon icon={bookOutline} aria-hidden="true" />
        <span className="funds-book__text">
          {picked ? (
            <>
              <strong data-testid="withdraw-book-picked">{picked.label}</strong>
              <span>{t('book.fromBook')}</span>
            </>
          ) : (
            <>
              <strong>{t('book.pick')}</strong>
              <span>
                {t('book.ready', { count: active })}
                {list.length > active ? t('book.waiting', { count: list.length - active }) : ''}
              </span>
            </>
          )}
        </span>
        <IonIcon icon={chevronForward} aria-hidden="true" />
      </button>
      <IonModal
        isOpen={open}
        onDidDismiss={() => setOpen(false)}
        className="funds-review-modal"
        data-testid="withdraw-book-sheet"
      >
        <SheetHeader title={t('book.sheetTitle', { symbol })} onClose={() => setOpen(false)} />
        <IonContent className="ion-padding">
          <PullToRefresh onRefresh={() => saved.refetch()} />
          <PickList
            list={list}
            pickedId={picked?.address_id ?? null}
            onPick={(address) => {
              onPick(address);
              setOpen(false);
            }}
          />
          <IonButton expand="block" fill="clear" onClick={addOne} data-testid="withdraw-book-add-more">
            <IonIcon icon={addOutline} slot="start" aria-hidden="true" />
            {t('book.add')}
          </IonButton>
        </IonContent>
      </IonModal>
    </>
  );
}

function PickList({
  list,
  pickedId,
  onPick,
}: {
  list: TSavedAddress[];
  pickedId: number | null;
  onPick: (address: TSavedAddress) => void;
}) {
  const { t } = useTranslation('wallet');
  const now = useNowSeconds();
  return (
    <ul className="funds-book-list">
      {list.map((address) => {
        const usable = address.status === 'ACTIVE';
        const when = addressWhen(address, now);
        return (
          <li key={address.address_id}>
            <button
              type="button"
              className="funds-book-item"
              disabled={!usable}
              aria-current={address.address_id === pickedId ? 'true' : undefined}
              onClick={() => onPick(address)}
              data-testid="withdraw-book-item"
              data-status={address.status}
            >
              <span className="funds-book-item__top">
                <strong>{address.label}</strong>
                <AddressStatusChip status={address.status} />
              </span>
              <span className="funds-book-item__address funds-mono">{address.address}</span>
              {address.memo && (
                <span className="funds-book-item__memo">{t('book.memo', { memo: address.memo })}</span>
              )}
              {when && <span className="funds-book-item__when">{when}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
