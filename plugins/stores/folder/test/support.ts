import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MappingStore, PluginContext, PluginLogger } from '@mapx/plugin-api';
import folderStore, { type FolderStoreOptions } from '@mapx/store-folder';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly obj: object | string;
  readonly msg: string | undefined;
}

export function createRecordingLogger(): PluginLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: object | string, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export type ValidationResult =
  { ok: true; value: FolderStoreOptions } | { ok: false; messages: string[]; paths: string[] };

/** Validates raw options the way the host does: through the plugin's Standard Schema. */
export async function validateOptions(raw: unknown): Promise<ValidationResult> {
  const result = await folderStore.optionsSchema['~standard'].validate(raw);
  if (result.issues) {
    return {
      ok: false,
      messages: result.issues.map((i) => i.message),
      paths: result.issues.map((i) =>
        (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
      ),
    };
  }
  return { ok: true, value: result.value };
}

export async function openStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore | null> {
  const options = await validateOptions(raw);
  if (!options.ok) throw new Error(`bad options: ${options.messages.join('; ')}`);
  const ctx: PluginContext = { logger, env: {}, fhir: () => undefined };
  return folderStore.create(options.value, ctx);
}

export async function openConfiguredStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore> {
  const store = await openStore(raw, logger);
  if (!store) throw new Error('store not configured');
  return store;
}

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mapx-folder-store-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Resolves when `predicate` holds; rejects after `timeoutMs` (a bound, not a timing assertion). */
export async function waitFor(
  predicate: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
