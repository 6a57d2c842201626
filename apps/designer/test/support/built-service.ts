import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const SERVICE_ENTRY = resolve(REPO_ROOT, 'apps/service/dist/main.js');

/** Builds the real service (incremental `tsc -b`, a no-op when up to date) so that tests fork what ships. */
export function buildService(): void {
  execFileSync(
    process.execPath,
    [resolve(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/service'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
}

/** The test process's environment minus anything that would change the service's mode. */
export function serviceEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const { AUTH_CONFIG_PATH: _a, MAPPINGS_FOLDER: _m, FHIR_SERVER_BASE: _f, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'info', ...extra };
}
