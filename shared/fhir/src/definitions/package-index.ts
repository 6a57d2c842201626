import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FhirLogger } from '../types.js';
import { describeError } from '../errors.js';

/** One conformance resource in a package, as persisted (short keys keep the index file small). */
export interface IndexEntry {
  /** file name inside `package/` */
  readonly f: string;
  /** resourceType */
  readonly t: string;
  readonly id: string;
  readonly url?: string;
  readonly v?: string;
  readonly name?: string;
  /** StructureDefinition kind / type / derivation / baseDefinition */
  readonly k?: string;
  readonly y?: string;
  readonly d?: string;
  readonly b?: string;
}

const INDEX_FILE = '.mapx.index.json';
/** Bump when the entry shape changes: older files are then rebuilt, never misread. */
export const INDEX_VERSION = 1;

/** Loads `package/.mapx.index.json`, or scans the package's resources once and persists the result. */
export function loadPackageIndex(folder: string, logger: FhirLogger): IndexEntry[] {
  const dir = join(folder, 'package');
  const persisted = readPersisted(dir);
  if (persisted) return persisted;
  const entries = scanPackage(dir, logger);
  persist(dir, entries, logger);
  return entries;
}

function readPersisted(dir: string): IndexEntry[] | undefined {
  try {
    const raw = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as {
      version?: unknown;
      entries?: unknown;
    };
    return raw.version === INDEX_VERSION && Array.isArray(raw.entries)
      ? (raw.entries as IndexEntry[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** Only the package's top folder: `example/`, `openapi/`, `other/` hold no context resources. */
function scanPackage(dir: string, logger: FhirLogger): IndexEntry[] {
  const entries: IndexEntry[] = [];
  const files = readdirSync(dir).filter(
    (f) => f.endsWith('.json') && !f.startsWith('.') && f !== 'package.json',
  );
  for (const f of files.sort()) {
    try {
      const r = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
      const entry = toEntry(f, r);
      if (entry) entries.push(entry);
    } catch (e) {
      logger.warn({ file: join(dir, f), error: describeError(e) }, 'unreadable FHIR resource skipped');
    }
  }
  return entries;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function toEntry(f: string, r: Record<string, unknown>): IndexEntry | undefined {
  const t = str(r.resourceType);
  const id = str(r.id);
  if (!t || !id) return undefined;
  const e: Record<string, string> = { f, t, id };
  const fields: [keyof IndexEntry, unknown][] = [
    ['url', r.url],
    ['v', r.version],
    ['name', r.name],
  ];
  if (t === 'StructureDefinition') {
    fields.push(['k', r.kind], ['y', r.type], ['d', r.derivation], ['b', r.baseDefinition]);
  }
  for (const [k, v] of fields) {
    const s = str(v);
    if (s) e[k] = s;
  }
  return e as unknown as IndexEntry;
}

/** Atomic write (temp file + rename); a read-only cache only costs a re-scan next time. */
function persist(dir: string, entries: IndexEntry[], logger: FhirLogger): void {
  const tmp = join(dir, `${INDEX_FILE}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify({ format: 'mapx-package-index', version: INDEX_VERSION, entries }));
    renameSync(tmp, join(dir, INDEX_FILE));
  } catch (e) {
    rmSync(tmp, { force: true });
    logger.warn({ folder: dir, error: describeError(e) }, 'FHIR package index not persisted');
  }
}
