import { useQuery } from '@tanstack/react-query';
import { ops } from '../lib/ops.ts';

export const DASHBOARD_KEY = ['ops', 'dashboard'] as const;

/** How old the numbers may be before moving to another page reads them again (the menu's badges). */
export const DASHBOARD_STALE_MS = 60_000;

/**
 * The console's first page's numbers, also the menu's badges. Read when the operator moves around, not
 * on a timer: every /ops call, reads included, is a line of the operators' trail.
 */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => ops.fetchData('ops.dashboard'),
    staleTime: DASHBOARD_STALE_MS,
  });
}
