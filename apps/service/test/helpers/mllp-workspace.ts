import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startListeners } from '../../src/listeners/start-listeners.js';
import type { TestApp } from './test-app.js';

export interface MllpWorkspace {
  readonly dir: string;
  readonly mappings: string;
  readonly deadLetters: string;
  /** The service settings of a listener on 127.0.0.1, an ephemeral port, these mappings and routes. */
  readonly env: Record<string, string>;
}

/**
 * A temporary folder with saved mappings (id → text) and an MLLP route file, and the settings that point a service
 * at them; `env` adds to (or overrides) those settings. `deadLetters: false` leaves MLLP_DEAD_LETTER_DIR to its
 * default (under MAPX_DATA_DIR).
 */
export function mllpWorkspace(
  prefix: string,
  mappings: Readonly<Record<string, string>>,
  routes: string,
  env: Readonly<Record<string, string>> = {},
  { deadLetters: keepDeadLetters = true } = {},
): MllpWorkspace {
  const dir = mkdtempSync(join(tmpdir(), `mapx-${prefix}-`));
  const folder = join(dir, 'mappings');
  mkdirSync(folder);
  for (const [id, text] of Object.entries(mappings)) writeFileSync(join(folder, `${id}.mapx`), text);
  writeFileSync(join(dir, 'routes.yaml'), routes);
  const deadLetters = join(dir, 'dead');
  return {
    dir,
    mappings: folder,
    deadLetters,
    env: {
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MLLP_PORT: '0',
      MLLP_HOST: '127.0.0.1',
      MLLP_ROUTES: join(dir, 'routes.yaml'),
      ...(keepDeadLetters ? { MLLP_DEAD_LETTER_DIR: deadLetters } : {}),
      ...env,
    },
  };
}

/** Starts the app's listeners and answers the port the MLLP listener is bound to. */
export async function startMllp(t: TestApp): Promise<number> {
  await startListeners(t.app);
  return t.app.mapx.plugins.listeners[0]!.listener.state().port as number;
}
