import type { Permission } from '@fit24/contract';
import {
  cashOutline,
  downloadOutline,
  footstepsOutline,
  giftOutline,
  idCardOutline,
  keyOutline,
  peopleOutline,
  speedometerOutline,
  statsChartOutline,
} from 'ionicons/icons';
import type { ReactNode } from 'react';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { DepositsPage } from './pages/DepositsPage.tsx';
import { KycPage } from './pages/KycPage.tsx';
import { MarketsPage } from './pages/MarketsPage.tsx';
import { OperatorsPage } from './pages/OperatorsPage.tsx';
import { ProgrammePage } from './pages/ProgrammePage.tsx';
import { TrailPage } from './pages/TrailPage.tsx';
import { UserPage } from './pages/UserPage.tsx';
import { UsersPage } from './pages/UsersPage.tsx';
import { WithdrawalsPage } from './pages/WithdrawalsPage.tsx';

export interface AdminPageDef {
  path: string;
  title: string;
  icon: string;
  /** Any of these lets the operator open the page (the server checks each call again). */
  permissions: readonly (Permission | 'self')[];
  element: ReactNode;
  /** In the side menu; a detail page lights its list's entry instead. */
  menu: boolean;
  /** The menu entry a detail page belongs to. */
  parent?: string;
  /** A count from the dashboard beside the menu entry: work waiting. */
  badge?: 'kyc' | 'withdrawals';
}

/** Every page of the console, in menu order. */
export const adminPages: AdminPageDef[] = [
  {
    path: '/admin',
    title: 'Dashboard',
    icon: speedometerOutline,
    permissions: ['self'],
    element: <DashboardPage />,
    menu: true,
  },
  {
    path: '/admin/users',
    title: 'Users',
    icon: peopleOutline,
    permissions: ['users'],
    element: <UsersPage />,
    menu: true,
  },
  {
    path: '/admin/user',
    title: 'User',
    icon: peopleOutline,
    permissions: ['users'],
    element: <UserPage />,
    menu: false,
    parent: '/admin/users',
  },
  {
    path: '/admin/kyc',
    title: 'KYC queue',
    icon: idCardOutline,
    permissions: ['kyc'],
    element: <KycPage />,
    menu: true,
    badge: 'kyc',
  },
  {
    path: '/admin/withdrawals',
    title: 'Withdrawals',
    icon: cashOutline,
    permissions: ['withdrawals'],
    element: <WithdrawalsPage />,
    menu: true,
    badge: 'withdrawals',
  },
  {
    path: '/admin/deposits',
    title: 'Deposits',
    icon: downloadOutline,
    permissions: ['withdrawals'],
    element: <DepositsPage />,
    menu: true,
  },
  {
    path: '/admin/markets',
    title: 'Markets & assets',
    icon: statsChartOutline,
    permissions: ['markets'],
    element: <MarketsPage />,
    menu: true,
  },
  {
    path: '/admin/programme',
    title: 'Programme',
    icon: giftOutline,
    permissions: ['programme', 'pool'],
    element: <ProgrammePage />,
    menu: true,
  },
  {
    path: '/admin/operators',
    title: 'Operators',
    icon: keyOutline,
    permissions: ['operators'],
    element: <OperatorsPage />,
    menu: true,
  },
  {
    path: '/admin/trail',
    title: 'Trail',
    icon: footstepsOutline,
    permissions: ['trail'],
    element: <TrailPage />,
    menu: true,
  },
];

export function pageAt(pathname: string): AdminPageDef | undefined {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return adminPages.find((p) => p.path === path);
}
