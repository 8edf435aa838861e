import type {
  Envelope,
  ErrorEnvelope,
  TPasskeyAssertion,
  TPasskeyAttestation,
  ZWebAuthnOptions,
} from '@fit24/contract';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';

/**
 * The browser's side of a passkey ceremony, as envelopes: a cancelled prompt or an unsupported browser
 * comes back as an error envelope with a sentence a person can act on, like the server's refusals, so a
 * screen runs "server options → passkey prompt → server check" as one action with one error path.
 */

/** `code` of the envelope made up when the browser (not the server) refused or the person cancelled. */
export const PASSKEY_CEREMONY_CODE = -1;

/** WebAuthn options as the server sends them (the contract keeps them opaque). */
export type WebAuthnOptionsJSON = z.output<typeof ZWebAuthnOptions>;

export function supportsPasskeys(): boolean {
  return browserSupportsWebAuthn();
}

function refusal(message: string): ErrorEnvelope {
  return { error: true, code: PASSKEY_CEREMONY_CODE, message };
}

/** What to tell a person when the passkey prompt failed. */
export function passkeyFailureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return i18n.t('passkey.already');
  }
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return i18n.t('passkey.cancelled');
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return i18n.t('passkey.domain');
  }
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return i18n.t('passkey.failed', { detail });
}

/** Asks the person's passkey to sign the server's challenge (sign-in, second step, step-up). */
export async function signWithPasskey(options: WebAuthnOptionsJSON): Promise<Envelope<TPasskeyAssertion>> {
  if (!supportsPasskeys()) return refusal(i18n.t('passkey.unsupported'));
  try {
    const response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return { error: false, data: response as unknown as TPasskeyAssertion };
  } catch (error) {
    return refusal(passkeyFailureMessage(error));
  }
}

/** Asks the device to create a new passkey for the account. */
export async function createPasskey(options: WebAuthnOptionsJSON): Promise<Envelope<TPasskeyAttestation>> {
  if (!supportsPasskeys()) return refusal(i18n.t('passkey.unsupported'));
  try {
    const response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return { error: false, data: response as unknown as TPasskeyAttestation };
  } catch (error) {
    return refusal(passkeyFailureMessage(error));
  }
}

/** Runs `next` with the data of `first` when it succeeded; the first failure is the answer. */
export async function andThen<A, B>(
  first: Promise<Envelope<A>>,
  next: (data: A) => Promise<Envelope<B>>,
): Promise<Envelope<B>> {
  const answer = await first;
  return answer.error ? answer : next(answer.data);
}
