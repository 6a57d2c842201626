import { describe, expect, it } from 'vitest';
import path from 'node:path';
import folderStore from '@mapx/store-folder';
import { openStore, validateOptions } from './support.js';

const fromEnv = (env: Record<string, string>): unknown => folderStore.optionsFromEnv?.(env);

describe('folder store options', () => {
  it('declares who it is', () => {
    expect(folderStore.kind).toBe('store');
    expect(folderStore.meta).toMatchObject({
      packageName: '@mapx/store-folder',
      id: 'folder',
      apiVersion: 1,
    });
  });

  it('maps the environment variables and applies the documented defaults', async () => {
    const result = await validateOptions(fromEnv({ MAPPINGS_FOLDER: ' ./maps ' }));
    expect(result).toEqual({
      ok: true,
      value: {
        folder: path.resolve('maps'),
        fileExtension: '.mapx',
        pollingIntervalMs: 5000,
        watch: false,
        writeEnabled: true,
        historyMaxVersions: 20,
        historyMaxBytes: 1_048_576,
      },
    });
  });

  it('parses every variable given as a string', async () => {
    const env = {
      MAPPINGS_FOLDER: '/srv/maps',
      MAPPINGS_FILE_EXTENSION: 'FUME',
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '-1',
      MAPPINGS_FILE_WATCH: 'TRUE',
      MAPPINGS_WRITE_ENABLED: 'false',
    };
    const result = await validateOptions(fromEnv(env));
    expect(result).toEqual({
      ok: true,
      value: {
        folder: '/srv/maps',
        fileExtension: '.fume',
        pollingIntervalMs: -1,
        watch: true,
        writeEnabled: false,
        historyMaxVersions: 20,
        historyMaxBytes: 1_048_576,
      },
    });
  });

  it.each([[''], ['n/a'], [' N/A ']])('treats MAPPINGS_FOLDER=%j as not configured', async (value) => {
    expect(await openStore(fromEnv({ MAPPINGS_FOLDER: value }) as Record<string, unknown>)).toBeNull();
  });

  it('is not configured when the variable is absent', async () => {
    expect(await openStore(fromEnv({}) as Record<string, unknown>)).toBeNull();
  });

  it.each([['.json'], ['json'], ['.JSON']])(
    'rejects the reserved extension %j with a clear message',
    async (ext) => {
      const result = await validateOptions({ folder: '/x', fileExtension: ext });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.paths).toEqual(['fileExtension']);
        expect(result.messages[0]).toMatch(/\.json' is reserved/);
      }
    },
  );

  it.each([
    [{ fileExtension: 'a/b' }, 'fileExtension'],
    [{ pollingIntervalMs: '5s' }, 'pollingIntervalMs'],
    [{ pollingIntervalMs: 1.5 }, 'pollingIntervalMs'],
    [{ pollingIntervalMs: '3000000000' }, 'pollingIntervalMs'],
    [{ writeEnabled: 'maybe' }, 'writeEnabled'],
    [{ watch: 'sometimes' }, 'watch'],
  ])('rejects %j', async (raw, field) => {
    const result = await validateOptions({ folder: '/x', ...raw });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.paths).toContain(field);
  });

  it('accepts typed values from MAPX_PLUGIN_OPTIONS', async () => {
    const result = await validateOptions({
      folder: '/x',
      pollingIntervalMs: 0,
      watch: true,
      writeEnabled: false,
    });
    expect(result.ok && result.value).toMatchObject({
      pollingIntervalMs: 0,
      watch: true,
      writeEnabled: false,
    });
  });
});
