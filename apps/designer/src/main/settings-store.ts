import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConnectionRequest } from '../common/ipc/ipc-contract.js';
import { IPC_REQUEST_VALIDATORS } from '../common/ipc/ipc-contract.js';

export interface DesignerSettings {
  /** Absent until the user has chosen; the app then starts in embed mode with the default folder. */
  readonly connection?: ConnectionRequest;
}

/** The desktop settings file (`<userData>/settings.json`); a damaged file counts as no settings. */
export function createSettingsStore(file: string) {
  return {
    async load(): Promise<DesignerSettings> {
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as { connection?: unknown };
        const valid = IPC_REQUEST_VALIDATORS['connection:set'](parsed.connection);
        return valid ? { connection: parsed.connection as ConnectionRequest } : {};
      } catch {
        return {};
      }
    },
    async save(settings: DesignerSettings): Promise<void> {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(settings, null, 2), { mode: 0o600 });
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
