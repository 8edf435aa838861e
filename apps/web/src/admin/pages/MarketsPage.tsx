import { useState } from 'react';
import { formatAmount } from '../../lib/money.ts';
import { type TOpsAsset, type TOpsMarket, useOpsAssets, useOpsMarkets } from '../api/lists.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { Chip } from '../components/Chip.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { Mono } from '../components/Mono.tsx';
import { useSearchParam } from '../lib/use-search-param.ts';
import { AssetModal } from './AssetForm.tsx';
import { MarketCreateModal, MarketEditModal } from './MarketForms.tsx';
import { MarketsTable } from './MarketsTable.tsx';

const amount = (value: string) => formatAmount(value, 0);
const flag = (on: 0 | 1, words: [string, string]) => (
  <Chip tone={on ? 'success' : 'danger'}>{on ? words[0] : words[1]}</Chip>
);

/** The asset columns; a contract or an unavailability column only when some asset has one (CSV: always). */
const assetColumns = (assets: TOpsAsset[], edit: (a: TOpsAsset) => void): Column<TOpsAsset>[] =>
  allAssetColumns(edit).map((c) =>
    (c.key === 'contract' && !assets.some((a) => a.contract_address)) ||
    (c.key === 'why' && !assets.some((a) => a.unavailable_reason))
      ? { ...c, hidden: true }
      : c,
  );

const allAssetColumns = (edit: (a: TOpsAsset) => void): Column<TOpsAsset>[] => [
  { key: 'symbol', header: 'Asset', cell: (a) => <strong>{a.symbol}</strong>, csv: (a) => a.symbol },
  { key: 'name', header: 'Name', cell: (a) => a.name, csv: (a) => a.name },
  { key: 'network', header: 'Network', kind: 'mono', cell: (a) => a.network, csv: (a) => a.network },
  { key: 'decimals', header: 'Decimals', kind: 'num', cell: (a) => a.decimals, csv: (a) => a.decimals },
  {
    key: 'dep',
    header: 'Deposits',
    cell: (a) => flag(a.deposit_enabled, ['On', 'Paused']),
    csv: (a) => a.deposit_enabled,
  },
  {
    key: 'wd',
    header: 'Withdrawals',
    cell: (a) => flag(a.withdraw_enabled, ['On', 'Paused']),
    csv: (a) => a.withdraw_enabled,
  },
  {
    key: 'fee',
    header: 'Fee',
    kind: 'num',
    cell: (a) => amount(a.withdraw_fee),
    csv: (a) => a.withdraw_fee,
  },
  {
    key: 'minw',
    header: 'Min. withdrawal',
    kind: 'num',
    cell: (a) => amount(a.min_withdraw),
    csv: (a) => a.min_withdraw,
  },
  {
    key: 'mind',
    header: 'Min. deposit',
    kind: 'num',
    cell: (a) => amount(a.min_deposit),
    csv: (a) => a.min_deposit,
  },
  {
    key: 'conf',
    header: 'Confirms',
    kind: 'num',
    cell: (a) => a.confirmations,
    csv: (a) => a.confirmations,
  },
  {
    key: 'contract',
    header: 'Contract',
    kind: 'mono',
    cell: (a) => <Mono value={a.contract_address} short />,
    csv: (a) => a.contract_address,
  },
  {
    key: 'why',
    header: 'Unavailable',
    kind: 'wrap',
    cell: (a) => a.unavailable_reason ?? '',
    csv: (a) => a.unavailable_reason,
  },
  {
    key: 'edit',
    header: '',
    kind: 'actions',
    cell: (a) => (
      <Button small variant="ghost" onClick={() => edit(a)} testId={`admin-asset-edit-${a.symbol}`}>
        Edit
      </Button>
    ),
  },
];

/** Markets (fees, minimums, halt and resume) and assets (networks, fees, deposits and withdrawals on/off). */
export function MarketsPage() {
  const [tab, setTab] = useSearchParam('tab', 'markets');
  const markets = useOpsMarkets();
  const assets = useOpsAssets();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TOpsMarket | null>(null);
  const [asset, setAsset] = useState<{ asset: TOpsAsset | null } | null>(null);

  return (
    <AdminPage
      name="markets"
      title="Markets & assets"
      actions={
        tab === 'assets' ? (
          <Button small onClick={() => setAsset({ asset: null })} testId="admin-asset-add">
            Add asset
          </Button>
        ) : (
          <Button small onClick={() => setCreating(true)} testId="admin-market-add">
            Add market
          </Button>
        )
      }
    >
      <div className="adm-tabs" role="tablist">
        {(['markets', 'assets'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`adm-tab${tab === t ? ' adm-tab--on' : ''}`}
            onClick={() => setTab(t)}
            data-testid={`admin-tab-${t}`}
          >
            {t === 'markets'
              ? `Markets${markets.data ? ` (${markets.data.markets.length})` : ''}`
              : `Assets${assets.data ? ` (${assets.data.assets.length})` : ''}`}
          </button>
        ))}
      </div>
      {tab === 'assets' ? (
        <DataTable
          testId="admin-assets"
          columns={assetColumns(assets.data?.assets ?? [], (a) => setAsset({ asset: a }))}
          rows={assets.data?.assets}
          loading={assets.isPending}
          error={assets.error}
          refresh={() => void assets.refetch()}
          rowKey={(a) => a.asset_id}
          exportName="assets"
        />
      ) : (
        <MarketsTable
          markets={markets.data?.markets}
          loading={markets.isPending}
          error={markets.error}
          onEdit={setEditing}
        />
      )}
      <MarketCreateModal
        open={creating}
        assets={assets.data?.assets ?? []}
        onClose={() => setCreating(false)}
      />
      <MarketEditModal market={editing} onClose={() => setEditing(null)} />
      <AssetModal open={asset !== null} asset={asset?.asset ?? null} onClose={() => setAsset(null)} />
    </AdminPage>
  );
}
