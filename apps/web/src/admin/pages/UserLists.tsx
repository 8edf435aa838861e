import type { TOpsUserDetail } from '@fit24/contract';
import { useState } from 'react';
import { formatAmount, formatUsd } from '../../lib/money.ts';
import { Chip } from '../components/Chip.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSelect } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { stamp } from '../lib/format.ts';

type Balance = TOpsUserDetail['balances'][number];
type Order = TOpsUserDetail['orders'][number];
type Movement = TOpsUserDetail['transactions'][number];
type Session = TOpsUserDetail['sessions'][number];

const amount = (value: string | null) => (value === null ? '—' : formatAmount(value, 0));

const balanceColumns: Column<Balance>[] = [
  { key: 'asset', header: 'Asset', cell: (b) => <strong>{b.symbol}</strong>, csv: (b) => b.symbol },
  {
    key: 'available',
    header: 'Available',
    kind: 'num',
    cell: (b) => amount(b.available),
    csv: (b) => b.available,
  },
  { key: 'hold', header: 'On hold', kind: 'num', cell: (b) => amount(b.on_hold), csv: (b) => b.on_hold },
  { key: 'locked', header: 'Locked', kind: 'num', cell: (b) => amount(b.locked), csv: (b) => b.locked },
  { key: 'staked', header: 'Staked', kind: 'num', cell: (b) => amount(b.staked), csv: (b) => b.staked },
  { key: 'total', header: 'Total', kind: 'num', cell: (b) => amount(b.total), csv: (b) => b.total },
  {
    key: 'usd',
    header: 'USD value',
    kind: 'num',
    cell: (b) => formatUsd(b.usd_value),
    csv: (b) => b.usd_value,
  },
];

const orderColumns: Column<Order>[] = [
  {
    key: 'id',
    header: 'Order',
    kind: 'mono',
    cell: (o) => <Mono value={o.order_id} />,
    csv: (o) => o.order_id,
  },
  { key: 'market', header: 'Market', cell: (o) => o.symbol, csv: (o) => o.symbol },
  {
    key: 'side',
    header: 'Side',
    cell: (o) => <span className={o.side === 'BUY' ? 'adm-up' : 'adm-down'}>{o.side}</span>,
    csv: (o) => o.side,
  },
  { key: 'type', header: 'Type', cell: (o) => `${o.type} ${o.time_in_force}`, csv: (o) => o.type },
  { key: 'price', header: 'Price', kind: 'num', cell: (o) => amount(o.price), csv: (o) => o.price },
  { key: 'amount', header: 'Amount', kind: 'num', cell: (o) => amount(o.amount), csv: (o) => o.amount },
  { key: 'filled', header: 'Filled', kind: 'num', cell: (o) => amount(o.filled), csv: (o) => o.filled },
  { key: 'status', header: 'Status', cell: (o) => <StatusChip status={o.status} />, csv: (o) => o.status },
  {
    key: 'at',
    header: 'Placed',
    kind: 'num',
    cell: (o) => stamp(o.creation_date),
    csv: (o) => stamp(o.creation_date),
  },
];

const movementColumns: Column<Movement>[] = [
  { key: 'id', header: 'ID', kind: 'mono', cell: (t) => <Mono value={t.id} />, csv: (t) => t.id },
  { key: 'type', header: 'Type', cell: (t) => t.type.replace(/_/g, ' ').toLowerCase(), csv: (t) => t.type },
  { key: 'asset', header: 'Asset', cell: (t) => t.symbol, csv: (t) => t.symbol },
  { key: 'amount', header: 'Amount', kind: 'num', cell: (t) => amount(t.amount), csv: (t) => t.amount },
  { key: 'fee', header: 'Fee', kind: 'num', cell: (t) => amount(t.fee), csv: (t) => t.fee },
  { key: 'status', header: 'Status', cell: (t) => <StatusChip status={t.status} />, csv: (t) => t.status },
  {
    key: 'address',
    header: 'Address',
    kind: 'mono',
    cell: (t) => <Mono value={t.address} short />,
    csv: (t) => t.address,
  },
  {
    key: 'txid',
    header: 'Transaction',
    kind: 'mono',
    cell: (t) => <Mono value={t.txid} short />,
    csv: (t) => t.txid,
  },
  {
    key: 'at',
    header: 'When',
    kind: 'num',
    cell: (t) => stamp(t.creation_date),
    csv: (t) => stamp(t.creation_date),
  },
];

const sessionColumns: Column<Session>[] = [
  {
    key: 'id',
    header: 'Session',
    kind: 'mono',
    cell: (s) => <Mono value={s.session_id} />,
    csv: (s) => s.session_id,
  },
  { key: 'device', header: 'Device', kind: 'wrap', cell: (s) => s.device ?? '—', csv: (s) => s.device },
  { key: 'ip', header: 'IP', kind: 'mono', cell: (s) => <Mono value={s.ip} />, csv: (s) => s.ip },
  {
    key: 'start',
    header: 'Signed in',
    kind: 'num',
    cell: (s) => stamp(s.creation_date),
    csv: (s) => stamp(s.creation_date),
  },
  {
    key: 'seen',
    header: 'Last seen',
    kind: 'num',
    cell: (s) => stamp(s.last_seen),
    csv: (s) => stamp(s.last_seen),
  },
  {
    key: 'state',
    header: 'State',
    cell: (s) => (s.active ? <Chip tone="success">Active</Chip> : <Chip tone="muted">Ended</Chip>),
    csv: (s) => (s.active ? 'active' : 'ended'),
  },
];

const MOVEMENT_TYPES = [
  { value: '', label: 'All' },
  { value: 'DEPOSIT', label: 'Deposits' },
  { value: 'WITHDRAWAL', label: 'Withdrawals' },
  { value: 'TRANSFER_IN', label: 'Transfers in' },
  { value: 'TRANSFER_OUT', label: 'Transfers out' },
];

/** A user's balances, latest orders, deposits and withdrawals, and sessions. */
export function UserLists({ detail }: { detail: TOpsUserDetail }) {
  const [type, setType] = useState('');
  const stem = `user-${detail.user.user_id}`;
  const movements = type ? detail.transactions.filter((t) => t.type === type) : detail.transactions;
  return (
    <>
      <DataTable
        testId="admin-user-balances"
        title="Balances"
        columns={balanceColumns}
        rows={detail.balances}
        rowKey={(b) => b.asset_id}
        exportName={`${stem}-balances`}
        empty="No balances."
      />
      <DataTable
        testId="admin-user-movements"
        title="Deposits, withdrawals and transfers"
        columns={movementColumns}
        rows={movements}
        rowKey={(t) => `${t.type}-${t.id}`}
        exportName={`${stem}-movements`}
        empty="Nothing of this kind yet."
        toolbar={
          <FilterSelect
            label="Type"
            value={type}
            onChange={setType}
            options={MOVEMENT_TYPES}
            testId="admin-user-movements-type"
          />
        }
      />
      <DataTable
        testId="admin-user-orders"
        title="Latest orders"
        columns={orderColumns}
        rows={detail.orders}
        rowKey={(o) => o.order_id}
        exportName={`${stem}-orders`}
        empty="No orders yet."
      />
      <DataTable
        testId="admin-user-sessions"
        title="Sessions"
        columns={sessionColumns}
        rows={detail.sessions}
        rowKey={(s) => s.session_id}
        exportName={`${stem}-sessions`}
        empty="No sessions."
      />
    </>
  );
}
