import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PluginLogger, StoreSnapshot } from '@mapx/plugin-api';
import { classifyEntry } from './classify-entry.js';
import { BINDING_KEY_PATTERN } from './mapping-key.js';

/** Reads every top-level file the folder contributes. Problems with single files are logged and skipped. */
export async function loadFolderSnapshot(
  dir: string,
  extension: string,
  logger: PluginLogger,
): Promise<StoreSnapshot> {
  const mappings = new Map<string, string>();
  const statics = new Map<string, unknown>();
  let aliases = new Map<string, string>();
  const rejected = new Map<string, string>();
  const entries = await readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() || e.isSymbolicLink())
      .map(async ({ name }) => {
        const entry = classifyEntry(name, extension);
        if (entry.kind === 'temp' || entry.kind === 'hidden') return;
        if (entry.kind === 'ignored') {
          logger.warn({ file: name, reason: entry.reason }, 'mappings folder: file ignored');
          if (name.endsWith(extension))
            rejected.set(name.slice(0, -extension.length), `${name}: ${entry.reason}`);
          return;
        }
        const text = await readText(path.join(dir, name), logger);
        if (text === undefined) return;
        if (entry.kind === 'mapping') mappings.set(entry.key, text);
        else if (entry.kind === 'aliases') aliases = parseAliases(text, logger);
        else {
          const value = parseJson(text);
          if (value.ok) statics.set(entry.key, value.value);
          else logger.warn({ file: name }, 'mappings folder: static value ignored: not valid JSON');
        }
      }),
  );
  return {
    mappings: sortByKey(mappings),
    aliases: sortByKey(aliases),
    statics: sortByKey(statics),
    conceptMaps: [],
    ...(rejected.size > 0 ? { rejected: sortByKey(rejected) } : {}),
  };
}

async function readText(filePath: string, logger: PluginLogger): Promise<string | undefined> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    // Deleted between readdir and read: the next change event reports it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      logger.warn({ file: path.basename(filePath), code }, 'mappings folder: file unreadable');
    return undefined;
  }
}

function parseAliases(text: string, logger: PluginLogger): Map<string, string> {
  const aliases = new Map<string, string>();
  const parsed = parseJson(text);
  if (
    !parsed.ok ||
    typeof parsed.value !== 'object' ||
    parsed.value === null ||
    Array.isArray(parsed.value)
  ) {
    logger.warn({ file: 'aliases.json' }, 'mappings folder: aliases.json ignored: not a JSON object');
    return aliases;
  }
  for (const [name, value] of Object.entries(parsed.value)) {
    if (BINDING_KEY_PATTERN.test(name) && typeof value === 'string') aliases.set(name, value);
    else
      logger.warn(
        { file: 'aliases.json', alias: name },
        'mappings folder: alias skipped: bad name or not a string',
      );
  }
  return aliases;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Deterministic order regardless of readdir order and read completion order. */
function sortByKey<V>(map: Map<string, V>): Map<string, V> {
  return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
