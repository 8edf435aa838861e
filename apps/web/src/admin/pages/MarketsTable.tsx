import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/ui/toast.ts';
import { useAction } from '../../components/ui/use-form.ts';
import { formatAmount } from '../../lib/money.ts';
import { MARKETS_KEY, type TOpsMarket } from '../api/lists.ts';
import { Button } from '../components/Button.tsx';
import { useConfirm } from '../components/confirm.ts';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSearch, FilterSelect } from '../components/Field.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { percentOf } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';

const amount = (value: string) => formatAmount(value, 0);

/** Every market with its prices, minimums and fees; edit, halt and resume (each halt after a confirmation). */
export function MarketsTable({
  markets,
  loading,
  error,
  onEdit,
}: {
  markets: TOpsMarket[] | undefined;
  loading: boolean;
  error: unknown;
  onEdit: (m: TOpsMarket) => void;
}) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const confirm = useConfirm();
  const toast = useToast();
  const action = useAction();
  const queryClient = useQueryClient();
  const rows = markets?.filter(
    (m) => (!status || m.status === status) && m.symbol.toLowerCase().includes(text.trim().toLowerCase()),
  );

  const setHalted = async (m: TOpsMarket, halt: boolean) => {
    const answer = await confirm({
      header: halt ? `Halt ${m.symbol}?` : `Resume ${m.symbol}?`,
      message: halt
        ? 'New orders are refused at once, in every process; resting orders stay and can be cancelled.'
        : 'The market accepts orders again.',
      confirm: halt ? 'Halt' : 'Resume',
      danger: halt,
    });
    if (!answer.ok) return;
    await action.run({
      send: () =>
        ops.call('ops.marketStatus', { body: { symbol: m.symbol, status: halt ? 'HALTED' : 'OPEN' } }),
      onSuccess: async () => {
        toast.success(halt ? `${m.symbol} halted` : `${m.symbol} trades again`);
        await queryClient.invalidateQueries({ queryKey: MARKETS_KEY });
      },
    });
  };

  const columns: Column<TOpsMarket>[] = [
    { key: 'symbol', header: 'Market', cell: (m) => <strong>{m.symbol}</strong>, csv: (m) => m.symbol },
    { key: 'status', header: 'Status', cell: (m) => <StatusChip status={m.status} />, csv: (m) => m.status },
    {
      key: 'last',
      header: 'Last price',
      kind: 'num',
      cell: (m) => amount(m.last_price),
      csv: (m) => m.last_price,
    },
    {
      key: 'change',
      header: '24 h',
      kind: 'num',
      cell: (m) => (
        <span
          className={
            m.change_24h.startsWith('-') ? 'adm-down' : /[1-9]/.test(m.change_24h) ? 'adm-up' : 'adm-dim'
          }
        >
          {m.change_24h}%
        </span>
      ),
      csv: (m) => m.change_24h,
    },
    {
      key: 'volume',
      header: 'Volume 24 h',
      kind: 'num',
      cell: (m) => amount(m.volume_24h),
      csv: (m) => m.volume_24h,
    },
    {
      key: 'dec',
      header: 'Decimals',
      kind: 'num',
      cell: (m) => `${m.price_decimals} / ${m.amount_decimals}`,
      csv: (m) => `${m.price_decimals}/${m.amount_decimals}`,
    },
    {
      key: 'mina',
      header: 'Min. amount',
      kind: 'num',
      cell: (m) => amount(m.min_amount),
      csv: (m) => m.min_amount,
    },
    {
      key: 'mint',
      header: 'Min. total',
      kind: 'num',
      cell: (m) => amount(m.min_total),
      csv: (m) => m.min_total,
    },
    {
      key: 'maker',
      header: 'Maker',
      kind: 'num',
      cell: (m) => percentOf(m.maker_fee),
      csv: (m) => m.maker_fee,
    },
    {
      key: 'taker',
      header: 'Taker',
      kind: 'num',
      cell: (m) => percentOf(m.taker_fee),
      csv: (m) => m.taker_fee,
    },
    {
      key: 'act',
      header: '',
      kind: 'actions',
      cell: (m) => (
        <span className="adm-row-actions">
          <Button small variant="ghost" onClick={() => onEdit(m)} testId={`admin-market-edit-${m.symbol}`}>
            Edit
          </Button>
          {m.status === 'OPEN' ? (
            <Button
              small
              variant="danger"
              onClick={() => void setHalted(m, true)}
              busy={action.busy}
              testId={`admin-market-halt-${m.symbol}`}
            >
              Halt
            </Button>
          ) : (
            <Button
              small
              variant="success"
              onClick={() => void setHalted(m, false)}
              busy={action.busy}
              testId={`admin-market-resume-${m.symbol}`}
            >
              Resume
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <DataTable
      testId="admin-markets"
      columns={columns}
      rows={rows}
      loading={loading}
      error={error}
      refresh={() => void queryClient.invalidateQueries({ queryKey: MARKETS_KEY })}
      rowKey={(m) => m.market_id}
      rowTestId={(m) => `admin-market-${m.symbol}`}
      exportName="markets"
      toolbar={
        <>
          <FilterSearch label="Find a market" value={text} onChange={setText} testId="admin-markets-search" />
          <FilterSelect
            label="Status"
            value={status}
            onChange={setStatus}
            options={[
              { value: '', label: 'All' },
              { value: 'OPEN', label: 'Open' },
              { value: 'HALTED', label: 'Halted' },
            ]}
            testId="admin-markets-status"
          />
        </>
      }
    />
  );
}
