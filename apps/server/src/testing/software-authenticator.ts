import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { TPasskeyAssertion, TPasskeyAttestation } from '@fit24/contract';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

/**
 * A passkey authenticator in software, speaking WebAuthn as a browser and a platform authenticator
 * would (attestation "none", ES256): what the server's tests use where the browser tests use Chromium's
 * virtual authenticator. Its signature counter counts up with each assertion.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle = '';

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private rpIdHash(rpId?: string): Buffer {
    return sha256(rpId ?? new URL(this.origin).hostname);
  }

  private clientData(
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    origin = this.origin,
  ): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for these options (PublicKeyCredentialCreationOptionsJSON). */
  register(options: Record<string, unknown>): TPasskeyAttestation {
    const { challenge, user, rp } = options as {
      challenge: string;
      user: { id: string };
      rp: { id?: string };
    };
    this.userHandle = user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for these options; `origin` lets a test sign for another site. */
  assert(
    options: Record<string, unknown>,
    overrides: { origin?: string; rpId?: string } = {},
  ): TPasskeyAssertion {
    const { challenge, rpId } = options as { challenge: string; rpId?: string };
    this.counter += 1;
    const authData = Buffer.concat([
      this.rpIdHash(overrides.rpId ?? rpId),
      Buffer.from([0x05]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
