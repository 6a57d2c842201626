import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MappingStore, PluginLogger } from '@mapx/plugin-api';
import { createTestPluginContext } from '@mapx/plugin-testkit/normalizer';
import { createRecordingLogger, instantiateStore } from '@mapx/plugin-testkit/store';
import standardStore from '@mapx/store-standard';

export function openStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore | null> {
  return instantiateStore(standardStore, raw, createTestPluginContext({ logger }));
}

/** A temp package folder with empty mappings/ and conceptmaps/. */
export async function withContentDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mapx-standard-store-'));
  try {
    await mkdir(path.join(dir, 'mappings'));
    await mkdir(path.join(dir, 'conceptmaps'));
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
