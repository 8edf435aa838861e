import { api } from '../../../lib/api.ts';

/** POST /api/api-keys/revoke: the key stops working at once. */
export const revokeApiKey = (keyId: string) => api.call('apiKey.revoke', { body: { key_id: keyId } });
