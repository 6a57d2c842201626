import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export type AuthConfigSource =
  | { readonly kind: 'none' }
  | { readonly kind: 'file'; readonly path: string; readonly text: string }
  | { readonly kind: 'inline'; readonly text: string };

export type LocateResult =
  | { readonly ok: true; readonly source: AuthConfigSource }
  | {
      readonly ok: false;
      readonly code: 'AUTH_CONFIG_LOCATION' | 'AUTH_CONFIG_UNREADABLE';
      readonly message: string;
    };

const DEFAULT_NAME = 'auth.yaml';

function fileKind(path: string): 'file' | 'other' | 'missing' {
  try {
    return statSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

/** Strict base64 (standard or URL alphabet, padding optional, whitespace ignored) that decodes to UTF-8. */
export function decodeInlineBase64(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  if (compact.includes('=') && compact.length % 4 !== 0) return null;
  const bytes = Buffer.from(unpadded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function readText(path: string): LocateResult {
  try {
    return { ok: true, source: { kind: 'file', path, text: readFileSync(path, 'utf8') } };
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code ?? 'read error';
    return {
      ok: false,
      code: 'AUTH_CONFIG_UNREADABLE',
      message: `auth.yaml: cannot read ${path} (${reason})`,
    };
  }
}

/**
 * The spec's four location rules. `configPath` is AUTH_CONFIG_PATH (an empty value counts as unset).
 * Boot I/O: runs once at start-up.
 */
export function locateAuthConfig(configPath: string | undefined, cwd: string): LocateResult {
  const defaultPath = resolve(cwd, DEFAULT_NAME);
  const defaultKind = fileKind(defaultPath);
  if (configPath === undefined || configPath.trim() === '') {
    if (defaultKind === 'file') return readText(defaultPath);
    return { ok: true, source: { kind: 'none' } };
  }
  const explicitPath = resolve(cwd, configPath);
  const explicitKind = fileKind(explicitPath);
  if (explicitKind === 'other') {
    return {
      ok: false,
      code: 'AUTH_CONFIG_LOCATION',
      message: `AUTH_CONFIG_PATH names ${explicitPath}, which is not a regular file`,
    };
  }
  if (explicitKind === 'file') {
    if (defaultKind === 'file' && realpathSync(explicitPath) !== realpathSync(defaultPath)) {
      return {
        ok: false,
        code: 'AUTH_CONFIG_LOCATION',
        message: `AUTH_CONFIG_PATH names ${explicitPath} but a default ${defaultPath} also exists; remove one of them`,
      };
    }
    return readText(explicitPath);
  }
  const text = decodeInlineBase64(configPath);
  if (text === null) {
    return {
      ok: false,
      code: 'AUTH_CONFIG_LOCATION',
      message: `AUTH_CONFIG_PATH is neither an existing file (looked for ${explicitPath}) nor valid base64 (inline auth.yaml)`,
    };
  }
  return { ok: true, source: { kind: 'inline', text } };
}
