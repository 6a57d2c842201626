import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Electron's `safeStorage` (OS keychain-backed), or a stand-in with the same shape. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface RefreshTokenStore {
  load(serviceKey: string): Promise<string | undefined>;
  save(serviceKey: string, refreshToken: string | undefined): Promise<void>;
}

/**
 * Persists one refresh token per service, encrypted. Without OS encryption nothing is written: the user logs in
 * again at the next start rather than leaving a usable token on disk in clear.
 */
export function createRefreshTokenStore(file: string, encryptor: Encryptor): RefreshTokenStore {
  const read = async (): Promise<Record<string, string>> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  return {
    async load(serviceKey) {
      const stored = (await read())[serviceKey];
      if (stored === undefined || !encryptor.isEncryptionAvailable()) return undefined;
      try {
        return encryptor.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        return undefined;
      }
    },
    async save(serviceKey, refreshToken) {
      const all = await read();
      delete all[serviceKey];
      if (refreshToken !== undefined && encryptor.isEncryptionAvailable()) {
        all[serviceKey] = encryptor.encryptString(refreshToken).toString('base64');
      }
      if (Object.keys(all).length === 0) return rm(file, { force: true });
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(all), { mode: 0o600 });
    },
  };
}
