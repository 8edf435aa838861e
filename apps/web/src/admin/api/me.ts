import type { Permission } from '@fit24/contract';
import { useQuery } from '@tanstack/react-query';
import { ops } from '../lib/ops.ts';

export const ME_KEY = ['ops', 'me'] as const;

/** The signed-in operator and what their role allows (GET /ops/me). */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: () => ops.fetchData('ops.me'), staleTime: 60_000 });
}

/**
 * Whether the operator's role allows `permission`, to hide what they cannot use; the server refuses it
 * with 403 all the same. False until /ops/me has answered.
 */
export function useCan(): (permission: Permission | 'self') => boolean {
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  return (permission) => permission === 'self' || permissions.includes(permission);
}
