import type { TSavedAddress } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { addOutline, bookOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { describeDelay, useNowSeconds } from '../../../lib/countdown.ts';
import { networkLabel } from '../../../lib/format.ts';
import { useSavedAddresses } from '../../../lib/saved-addresses.ts';
import { parseId, usePageParam } from '../../../lib/search-params.ts';
import { useSecurity } from '../../../lib/security.ts';
import { AddressAddForm } from './AddressAddForm.tsx';
import { AddressRow } from './AddressRow.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import './money-controls.css';

/** The entries grouped by asset, in the order the server lists them (newest first). */
function groupByAsset(addresses: TSavedAddress[]): Array<{ symbol: string; entries: TSavedAddress[] }> {
  const groups = new Map<string, TSavedAddress[]>();
  for (const address of addresses)
    groups.set(address.symbol, [...(groups.get(address.symbol) ?? []), address]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, entries]) => ({ symbol, entries }));
}

/**
 * The withdrawal address book: saved addresses by asset with their status, adding one (the emailed code,
 * then the safety delay) and removing one. `?add_address=<asset_id>` opens the add form for that asset.
 */
export function AddressBookCard() {
  const { t } = useTranslation('security');
  const delaySeconds = useSecurity().data?.security.address_delay_seconds;
  const addresses = useSavedAddresses();
  const now = useNowSeconds();
  const [filter, setFilter] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [justAdded, setJustAdded] = useState<number | null>(null);
  // `/security?add_address=<asset_id>` (the withdraw page's "add one"): the add form, open and in view.
  const addFor = parseId(usePageParam('/security', 'add_address'));
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (addFor === null) return;
    setAdding(true);
    const timer = setTimeout(
      () => section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      350,
    );
    return () => clearTimeout(timer);
  }, [addFor]);

  const list = addresses.data?.addresses ?? [];
  const groups = groupByAsset(list);
  const shown = filter ? groups.filter((group) => group.symbol === filter) : groups;
  const usableWhen = delaySeconds
    ? t('addressBook.usableLater', { delay: describeDelay(delaySeconds) })
    : t('addressBook.usableAfterDelay');

  return (
    <SecurityPanel
      name="addresses"
      title={t('addressBook.title')}
      lead={t('addressBook.lead', { when: usableWhen })}
      id="address-book"
      panelRef={section}
    >
      {addresses.isPending && (
        <div role="status" aria-label={t('addressBook.loading')}>
          <Bone style={{ height: '64px', borderRadius: '12px' }} />
        </div>
      )}
      {addresses.isError && (
        <div className="fit24-notice fit24-notice--danger" role="alert">
          {addresses.error.message}
        </div>
      )}
      {addresses.isSuccess && list.length === 0 && !adding && (
        <div className="controls-empty" data-testid="addresses-empty">
          <IonIcon icon={bookOutline} aria-hidden="true" />
          <span>{t('addressBook.empty')}</span>
        </div>
      )}
      {groups.length > 1 && (
        <fieldset className="controls-filter" aria-label={t('addressBook.filter')}>
          {[null, ...groups.map((group) => group.symbol)].map((symbol) => (
            <button
              key={symbol ?? 'all'}
              type="button"
              className="controls-filter__chip"
              aria-pressed={filter === symbol}
              onClick={() => setFilter(symbol)}
              data-testid={`addresses-filter-${symbol ?? 'all'}`}
            >
              {symbol ?? t('addressBook.all')}
            </button>
          ))}
        </fieldset>
      )}
      {shown.map((group) => (
        <div key={group.symbol} className="controls-group">
          <h3 className="controls-group__title">
            {group.symbol}{' '}
            <span>
              {t('addressBook.network', { network: networkLabel(group.entries[0]?.network ?? '') })}
            </span>
          </h3>
          <ul className="controls-addresses" data-testid={`addresses-${group.symbol}`}>
            {group.entries.map((address) => (
              <AddressRow
                key={address.address_id}
                address={address}
                now={now}
                confirmFirst={address.address_id === justAdded}
              />
            ))}
          </ul>
        </div>
      ))}
      {adding ? (
        <AddressAddForm
          initialAssetId={addFor ?? undefined}
          onSaved={(address) => {
            setAdding(false);
            setFilter(null);
            setJustAdded(address.address_id);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <SubmitButton busy={false} fill="outline" onClick={() => setAdding(true)} testId="address-add-open">
          <IonIcon icon={addOutline} slot="start" aria-hidden="true" />
          {t('addressBook.add')}
        </SubmitButton>
      )}
    </SecurityPanel>
  );
}
