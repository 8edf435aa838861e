import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';
import { BankPage, KycPage, SecurityPage, SettingsPage } from '../features/account/pages/AccountPages.tsx';
import { AffiliateDashboard as _unused } from './placeholder.ts';
