import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * GET /api/reserves/proof: the signed-in user's inclusion proof in one snapshot (404 when they had no
 * balance in it). A published snapshot never changes, so neither does its proof.
 */
export const proofQueryOptions = (snapshotId: number) =>
  queryOptions({
    queryKey: ['reserves', 'proof', snapshotId] as const,
    queryFn: () => api.fetchData('reserves.proof', { query: { snapshot_id: String(snapshotId) } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useProof(snapshotId: number | undefined) {
  return useQuery({ ...proofQueryOptions(snapshotId ?? 0), enabled: snapshotId !== undefined });
}
