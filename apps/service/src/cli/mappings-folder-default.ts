import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The one rule for where saved mappings come from, in every command and in `npm start`: `MAPPINGS_FOLDER` when
 * it is set (empty or `n/a`: no folder store), else `./mappings` of the working directory. `npm start` creates and
 * seeds that folder on a first run; the commands use it when it exists, so a service started in an empty
 * folder with nothing configured still answers as the interface specification says.
 * Returns the folder it chose, or undefined when it left the environment as it was.
 */
export function applyMappingsFolderDefault(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if (env['MAPPINGS_FOLDER'] !== undefined) return undefined;
  const folder = resolve(cwd, 'mappings');
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return undefined;
  env['MAPPINGS_FOLDER'] = folder;
  return folder;
}
