import {
  ZApiKeyCreateBody,
  ZApiKeyCreatedData,
  ZApiKeyData,
  ZApiKeyListData,
  ZApiKeyRevokeBody,
} from '../api-keys.ts';
import { q, type RouteDef, route } from './define.ts';

/** Personal API keys for bots (issue 17 §2): made, listed and revoked in a signed-in session only. */
export const apiKeyRoutes = {
  'apiKey.create': route({
    method: 'POST',
    path: '/api/api-keys/create',
    auth: 'user',
    spec: false,
    tag: 'api-keys',
    summary: 'Create a personal API key (second factor required when on); the secret is in this answer only',
    body: ZApiKeyCreateBody,
    data: ZApiKeyCreatedData,
  }),
  'apiKey.list': route({
    method: 'GET',
    path: '/api/api-keys',
    auth: 'user',
    spec: false,
    tag: 'api-keys',
    summary: 'Your personal API keys (never their secrets), with when each was last used',
    query: q({}),
    data: ZApiKeyListData,
  }),
  'apiKey.revoke': route({
    method: 'POST',
    path: '/api/api-keys/revoke',
    auth: 'user',
    spec: false,
    tag: 'api-keys',
    summary: 'Revoke a personal API key: it stops working at once',
    body: ZApiKeyRevokeBody,
    data: ZApiKeyData,
  }),
} as const satisfies Record<string, RouteDef>;
