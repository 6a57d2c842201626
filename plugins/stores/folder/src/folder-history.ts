import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  isValidMappingId,
  isValidMappingVersionId,
  type MappingVersion,
  type MappingVersionSummary,
  type PluginLogger,
} from '@mapx/plugin-api';
import { writeFileAtomic } from './atomic-write.js';
import { errnoCode } from './io-error.js';
import { removeStaleTempFiles } from './remove-stale-temp-files.js';

/** The hidden folder that keeps earlier versions: dot-folders are never read as mappings nor watched. */
export const HISTORY_FOLDER = '.history';

/** `<sequence>-<first 12 hex of the text's SHA-256>`: the sequence orders versions, the digest tells texts apart. */
const VERSION_FILE = /^(\d{6,})-([0-9a-f]{12})$/;

export interface HistoryBounds {
  /** Earlier versions kept per mapping; 0 keeps none. */
  readonly maxVersions: number;
  /** Bytes of earlier versions kept per mapping; the newest that fit are kept. */
  readonly maxBytes: number;
}

interface Entry {
  readonly versionId: string;
  readonly sequence: number;
  readonly file: string;
}

interface Current {
  readonly text: string;
  readonly mtime: Date;
}

/**
 * Earlier versions of each mapping in `<folder>/.history/<id>/<versionId><ext>` (docs/stores.md, "History"). The
 * current file's version id is the one it will be archived under (the next sequence number and its digest), so an
 * id a client saw stays valid once the version is replaced. Callers serialise per mapping id.
 */
export class FolderHistory {
  constructor(
    private readonly dir: string,
    private readonly ext: string,
    private readonly bounds: HistoryBounds,
    private readonly logger: PluginLogger,
  ) {}

  /** Archives the current text of `id` (when there is one and it differs from `next`), then applies the bounds. */
  async archive(id: string, next: string | undefined): Promise<void> {
    if (this.bounds.maxVersions <= 0) return;
    const current = await this.readCurrent(id);
    if (current === undefined || current.text === next) return;
    const folder = this.folderOf(id);
    await mkdir(folder, { recursive: true });
    await removeStaleTempFiles(folder, this.logger, { atStartUp: false });
    const entries = await this.entries(id);
    const versionId = nextVersionId(entries, current.text);
    const fileName = versionId + this.ext;
    await writeFileAtomic(folder, fileName, current.text);
    // the version was saved when the replaced file was written, not now
    await utimes(path.join(folder, fileName), current.mtime, current.mtime);
    await this.prune(id);
  }

  async list(id: string): Promise<readonly MappingVersionSummary[]> {
    if (!isValidMappingId(id)) return [];
    const entries = await this.entries(id);
    const out: MappingVersionSummary[] = [];
    const current = await this.readCurrent(id);
    if (current !== undefined)
      out.push({
        versionId: nextVersionId(entries, current.text),
        savedAt: current.mtime.toISOString(),
        current: true,
      });
    for (const entry of entries) {
      const saved = await mtimeOf(entry.file);
      if (saved === undefined) continue;
      out.push({ versionId: entry.versionId, savedAt: saved.toISOString(), current: false });
    }
    return out;
  }

  async get(id: string, versionId: string): Promise<MappingVersion | undefined> {
    if (!isValidMappingId(id) || !isValidMappingVersionId(versionId)) return undefined;
    if (!VERSION_FILE.test(versionId)) return undefined;
    const current = await this.readCurrent(id);
    if (current !== undefined && nextVersionId(await this.entries(id), current.text) === versionId)
      return { versionId, savedAt: current.mtime.toISOString(), current: true, expression: current.text };
    const file = path.join(this.folderOf(id), versionId + this.ext);
    try {
      const [expression, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return { versionId, savedAt: info.mtime.toISOString(), current: false, expression };
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Keeps the newest versions within both bounds; removes the rest. */
  private async prune(id: string): Promise<void> {
    let count = 0;
    let bytes = 0;
    let full = false;
    for (const entry of await this.entries(id)) {
      const size = (await stat(entry.file).catch(() => undefined))?.size ?? 0;
      // the newest ones that fit, without gaps: a small old version does not outlive a larger newer one
      full ||= count >= this.bounds.maxVersions || bytes + size > this.bounds.maxBytes;
      if (!full) {
        count++;
        bytes += size;
        continue;
      }
      await unlink(entry.file).catch((error: unknown) => {
        // another worker pruned it first
        if (errnoCode(error) !== 'ENOENT') throw error;
      });
    }
  }

  /** The kept versions, newest first. */
  private async entries(id: string): Promise<Entry[]> {
    const folder = this.folderOf(id);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return [];
      throw error;
    }
    const entries: Entry[] = [];
    for (const name of names) {
      if (!name.endsWith(this.ext)) continue;
      const versionId = name.slice(0, -this.ext.length);
      const match = VERSION_FILE.exec(versionId);
      if (match) entries.push({ versionId, sequence: Number(match[1]), file: path.join(folder, name) });
    }
    return entries.sort((a, b) => b.sequence - a.sequence || (a.versionId < b.versionId ? 1 : -1));
  }

  private async readCurrent(id: string): Promise<Current | undefined> {
    const file = path.join(this.dir, id + this.ext);
    try {
      const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return { text, mtime: info.mtime };
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  private folderOf(id: string): string {
    return path.join(this.dir, HISTORY_FOLDER, id);
  }
}

function nextVersionId(entries: readonly Entry[], text: string): string {
  const sequence = (entries[0]?.sequence ?? 0) + 1;
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return `${String(sequence).padStart(6, '0')}-${digest}`;
}

async function mtimeOf(file: string): Promise<Date | undefined> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
