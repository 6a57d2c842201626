import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { StoreError, isValidMappingId, type PluginLogger, type StoreSnapshot } from '@mapx/plugin-api';

export const MAPPINGS_FOLDER = 'mappings';
export const CONCEPTMAPS_FOLDER = 'conceptmaps';
const MAPPING_EXTENSION = '.mapx';
const CONCEPTMAP_EXTENSION = '.json';
/** Far above any mapping or ConceptMap the package ships; a larger file is a packaging accident, not content. */
export const MAX_CONTENT_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Reads the package's content: every `mappings/<id>.mapx` as mapping `<id>` and every `conceptmaps/<id>.json`
 * as a ConceptMap resource (its `id` must be the file name and it must carry a canonical `url`). Anything else
 * is skipped with a warning, so one bad file never hides the rest.
 */
export async function loadStandardContent(dir: string, logger: PluginLogger): Promise<StoreSnapshot> {
  const mappings = new Map<string, string>();
  const rejected = new Map<string, string>();
  const mappingNames = await listFiles(path.join(dir, MAPPINGS_FOLDER));
  const conceptMapNames = await listFiles(path.join(dir, CONCEPTMAPS_FOLDER));
  const wanted = mappingNames.filter((name) => name.endsWith(MAPPING_EXTENSION));
  const read = await readAll([
    ...wanted.map((name) => path.join(dir, MAPPINGS_FOLDER, name)),
    ...conceptMapNames
      .filter((name) => name.endsWith(CONCEPTMAP_EXTENSION))
      .map((name) => path.join(dir, CONCEPTMAPS_FOLDER, name)),
  ]);
  for (const name of mappingNames) {
    if (!name.endsWith(MAPPING_EXTENSION)) {
      logger.warn({ file: name }, `standard mappings: ${name} is not a ${MAPPING_EXTENSION} file; ignored`);
      continue;
    }
    const id = name.slice(0, -MAPPING_EXTENSION.length);
    if (!isValidMappingId(id)) {
      rejected.set(id, `${name}: not a valid mapping id`);
      logger.warn({ file: name }, `standard mappings: ${name} is not named by a valid mapping id; ignored`);
      continue;
    }
    const text = contentOf(read, path.join(dir, MAPPINGS_FOLDER, name), logger);
    if (text !== undefined) mappings.set(id, text);
  }
  const conceptMaps: unknown[] = [];
  for (const name of conceptMapNames) {
    const conceptMap = conceptMapOf(read, path.join(dir, CONCEPTMAPS_FOLDER, name), name, logger);
    if (conceptMap !== undefined) conceptMaps.push(conceptMap);
  }
  return {
    mappings,
    aliases: new Map(),
    statics: new Map(),
    conceptMaps,
    ...(rejected.size > 0 ? { rejected } : {}),
  };
}

/** At most this many files are read at a time (a content folder of thousands must not run out of descriptors). */
const READS_AT_ONCE = 32;

/**
 * Every file's bytes or the error reading it, read side by side: one after another, each read waited on the
 * disk and the thread pool in turn, and the package's ~200 files took longer than the rest of start-up's
 * warm-up. What is done with them (warnings, the first error) stays in name order.
 */
async function readAll(files: readonly string[]): Promise<Map<string, Buffer | Error>> {
  const limit = pLimit(READS_AT_ONCE);
  const read = await Promise.all(
    files.map((file) => limit(() => readFile(file).catch((error: unknown) => error as Error))),
  );
  return new Map(files.map((file, i) => [file, read[i]!]));
}

/** Plain files, dot-files left out, sorted so that every process serves them in one order. */
async function listFiles(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new StoreError(
      'STORE_UNAVAILABLE',
      `cannot read the standard mappings folder ${folder} (${code})`,
      {
        cause: error,
      },
    );
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

function contentOf(
  read: ReadonlyMap<string, Buffer | Error>,
  file: string,
  logger: PluginLogger,
): string | undefined {
  const bytes = read.get(file);
  if (!(bytes instanceof Buffer)) {
    const code = (bytes as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
    throw new StoreError('STORE_IO', `cannot read ${file} (${code})`, { cause: bytes });
  }
  if (bytes.length > MAX_CONTENT_FILE_BYTES) {
    logger.warn(
      { file },
      `standard mappings: ${file} is larger than ${MAX_CONTENT_FILE_BYTES} bytes; ignored`,
    );
    return undefined;
  }
  return bytes.toString('utf8');
}

function conceptMapOf(
  read: ReadonlyMap<string, Buffer | Error>,
  file: string,
  name: string,
  logger: PluginLogger,
): unknown {
  const skip = (why: string): undefined => {
    logger.warn({ file: name }, `standard mappings: conceptmaps/${name} ${why}; ignored`);
    return undefined;
  };
  if (!name.endsWith(CONCEPTMAP_EXTENSION)) return skip(`is not a ${CONCEPTMAP_EXTENSION} file`);
  const id = name.slice(0, -CONCEPTMAP_EXTENSION.length);
  const text = contentOf(read, file, logger);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return skip(`is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return skip('is not a JSON object');
  const resource = value as Record<string, unknown>;
  if (resource.resourceType !== 'ConceptMap') return skip('is not a ConceptMap resource');
  if (resource.id !== id) return skip(`has id ${JSON.stringify(resource.id)}, not the file name "${id}"`);
  if (typeof resource.url !== 'string' || resource.url === '') return skip('has no canonical url');
  return resource;
}
