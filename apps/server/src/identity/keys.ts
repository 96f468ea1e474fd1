import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half, as published at /.well-known/jwks.json. */
  jwk: JWK;
}

export const SIGNING_ALG = 'ES256';

async function fromPkcs8(pem: string): Promise<SigningKeys> {
  const privateKey = await importPKCS8(pem, SIGNING_ALG, { extractable: true });
  const full = await exportJWK(privateKey);
  const { d: _d, ...publicJwk } = full;
  const { importJWK } = await import('jose');
  const publicKey = (await importJWK({ ...publicJwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey;
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateKey, publicKey, jwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' } };
}

/**
 * The ES256 signing key: from JWT_PRIVATE_KEY when given (production), otherwise generated on
 * first start and kept under DATA_DIR/keys so tokens survive a restart.
 */
export async function loadSigningKeys(
  dataDir: string,
  pemFromEnv: string | undefined,
): Promise<SigningKeys> {
  if (pemFromEnv) return fromPkcs8(pemFromEnv.replace(/\\n/g, '\n'));
  const file = path.join(dataDir, 'keys', 'signing-key.pem');
  if (existsSync(file)) return fromPkcs8(readFileSync(file, 'utf8'));
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const pem = await exportPKCS8(privateKey);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, pem, { mode: 0o600 });
  return fromPkcs8(pem);
}

/** Keys for tests: generated in memory, never written. */
export async function ephemeralSigningKeys(): Promise<SigningKeys> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return fromPkcs8(await exportPKCS8(privateKey));
}
