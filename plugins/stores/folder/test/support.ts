import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MappingStore, PluginLogger } from '@mapx/plugin-api';
import { createTestPluginContext } from '@mapx/plugin-testkit/normalizer';
import {
  createRecordingLogger,
  instantiateStore,
  validatePluginOptions,
  type OptionsValidation,
} from '@mapx/plugin-testkit/store';
import folderStore, { type FolderStoreOptions } from '@mapx/store-folder';

export function validateOptions(raw: unknown): Promise<OptionsValidation<FolderStoreOptions>> {
  return validatePluginOptions(folderStore, raw);
}

export function openStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore | null> {
  return instantiateStore(folderStore, raw, createTestPluginContext({ logger }));
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
