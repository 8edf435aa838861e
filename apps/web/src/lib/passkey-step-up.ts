import type { Envelope, RouteData } from '@fit24/contract';
import { api } from './api.ts';
import { andThen, signWithPasskey } from './webauthn.ts';

/**
 * Confirms a sensitive action with a passkey: options, the passkey prompt, then a single-use
 * `passkey_token` (5 minutes) to send with that one action.
 */
export function passkeyStepUp(): Promise<Envelope<RouteData<'security.passkeyStepUp'>>> {
  return andThen(api.call('security.passkeyStepUpOptions'), ({ options }) =>
    andThen(signWithPasskey(options), (passkey) => api.call('security.passkeyStepUp', { body: { passkey } })),
  );
}
