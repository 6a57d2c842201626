import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PluginError } from '@mapx/plugin-api';

/**
 * The package folders of a plugins folder (`MAPX_PLUGIN_DIR`): each sub-folder, and each sub-folder of an
 * `@scope` folder, in name order so start-up is the same on every machine. Dot-folders and `node_modules` are
 * skipped (an npm prefix or an editor may leave them); every other entry is loaded as a plugin package would be
 * from `MAPX_PLUGINS`, with the same checks.
 */
export function listPluginDir(dir: string): string[] {
  if (!isDirectory(dir)) {
    throw new PluginError('PLUGIN_NOT_FOUND', `${dir}: plugins folder not found (MAPX_PLUGIN_DIR)`);
  }
  const found: string[] = [];
  for (const name of subfolders(dir)) {
    if (name.startsWith('@')) found.push(...subfolders(join(dir, name)).map((n) => join(dir, name, n)));
    else found.push(join(dir, name));
  }
  return found;
}

function subfolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (e) => (e.isDirectory() || (e.isSymbolicLink() && isDirectory(join(dir, e.name)))) && usable(e.name),
    )
    .map((e) => e.name)
    .sort();
}

function usable(name: string): boolean {
  return !name.startsWith('.') && name !== 'node_modules';
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
