import {
  ZReservesData,
  ZReservesProofData,
  ZReservesProofQuery,
  ZReservesSnapshotBody,
  ZReservesSnapshotData,
} from '../reserves.ts';
import { q, type RouteDef, route } from './define.ts';

/** Proof of reserves (issue 16): the published snapshots, a user's inclusion proof, an operator's snapshot. */
export const reservesRoutes = {
  'reserves.list': route({
    method: 'GET',
    path: '/api/reserves',
    auth: 'public',
    spec: false,
    tag: 'reserves',
    summary:
      'The latest proof-of-reserves snapshots (newest first, at most 10): roots, liabilities, signed on-chain reserves and the ratio per asset',
    query: q({}),
    data: ZReservesData,
  }),
  'reserves.proof': route({
    method: 'GET',
    path: '/api/reserves/proof',
    auth: 'user',
    spec: false,
    tag: 'reserves',
    summary:
      "The signed-in user's inclusion proof in a snapshot: their leaf, its salt and the path to the root",
    query: ZReservesProofQuery,
    data: ZReservesProofData,
  }),
  'ops.reservesSnapshot': route({
    method: 'POST',
    path: '/ops/reserves/snapshots',
    auth: 'ops',
    permission: 'custody',
    spec: false,
    tag: 'ops',
    summary: 'Take a proof-of-reserves snapshot now and publish it',
    body: ZReservesSnapshotBody,
    data: ZReservesSnapshotData,
  }),
} as const satisfies Record<string, RouteDef>;
