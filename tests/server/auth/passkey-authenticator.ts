import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/**
 * A software authenticator for tests and proof scripts: a real WebAuthn authenticator in a few
 * lines, not a mock of the server. It makes P-256 keys with node:crypto, answers `create` with a
 * "none" attestation whose authenticator data carries the COSE public key, and answers `get` by
 * signing authenticatorData ‖ SHA-256(clientDataJSON) with the credential's private key, exactly
 * what a platform authenticator does. Every field an attacker controls can be overridden: the
 * origin and challenge in the client data, the RP ID hash, the flags, the signature count, the
 * credential and user handle presented, so each forgery is built the way it would be on the wire.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The little CBOR a "none" attestation and a COSE EC2 key need: integers, byte and text strings, maps. */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

/** authenticatorData flags. */
export const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;

interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  rpId?: string;
  flags?: number;
  type?: string;
}

export interface AssertionOverrides extends CeremonyOverrides {
  /** Which stored credential answers (default: the last one made for the RP). */
  credentialId?: string;
  /** The signature count to sign (default: one more than the last). */
  counter?: number;
  /** The user handle to present (default: the credential's own; null to leave it out). */
  userHandle?: string | null;
  /** Sign with another credential's key while presenting this one's id. */
  signWith?: string;
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly defaults: { origin: string; aaguid?: string }) {}

  /** `navigator.credentials.create()` for these options, serialised as the browser's toJSON(). */
  create(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides & { reuse?: string } = {}): RegistrationResponseJSON {
    // `reuse`: the same credential (id and key) offered again, as a second account on one device would.
    const reused = overrides.reuse ? this.credentials.find((credential) => credential.id === overrides.reuse) : undefined;
    const privateKey = reused?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const rawId = reused ? Buffer.from(reused.id, 'base64url') : randomBytes(16);
    const rpId = options.rp.id ?? new URL(this.defaults.origin).hostname;
    const aaguid = Buffer.from((this.defaults.aaguid ?? '00000000-0000-0000-0000-000000000000').replaceAll('-', ''), 'hex');
    const idLength = Buffer.from([rawId.length >> 8, rawId.length & 0xff]);
    const flags = overrides.flags ?? FLAGS.userPresent | FLAGS.userVerified | FLAGS.attested;
    const authData = Buffer.concat([sha256(overrides.rpId ?? rpId), Buffer.from([flags]), Buffer.alloc(4), aaguid, idLength, rawId, cose]);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides);
    this.credentials.push({ id: b64url(rawId), privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(rawId),
      rawId: b64url(rawId),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()` for these options (a discoverable credential: no allow-list needed). */
  get(options: PublicKeyCredentialRequestOptionsJSON, overrides: AssertionOverrides = {}): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.defaults.origin).hostname;
    const credential = this.find(overrides.credentialId, rpId);
    const counter = overrides.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const flags = overrides.flags ?? FLAGS.userPresent | FLAGS.userVerified;
    const authenticatorData = Buffer.concat([sha256(overrides.rpId ?? rpId), Buffer.from([flags]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides);
    const signer = overrides.signWith ? this.find(overrides.signWith, rpId) : credential;
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), signer.privateKey);
    const userHandle = overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private find(id: string | undefined, rpId: string): StoredCredential {
    const found = id ? this.credentials.find((credential) => credential.id === id) : this.credentials.filter((credential) => credential.rpId === rpId).at(-1);
    if (!found) throw new Error(`no credential ${id ?? `for ${rpId}`}`);
    return found;
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(JSON.stringify({ type: overrides.type ?? type, challenge: overrides.challenge ?? challenge, origin: overrides.origin ?? this.defaults.origin, crossOrigin: false }));
  }
}
