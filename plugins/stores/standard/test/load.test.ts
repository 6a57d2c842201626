import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '@mapx/plugin-api';
import { createRecordingLogger } from '@mapx/plugin-testkit/store';
import { loadStandardContent } from '../src/load-standard-content.js';
import { StandardStore } from '../src/standard-store.js';
import { PACKAGE_DIR } from '../src/content-dir.js';
import { openStore, withContentDir } from './support.js';

const conceptMap = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ resourceType: 'ConceptMap', id, url: `http://mapx.dev/fhir/ConceptMap/${id}`, ...extra });

describe('standard store: content', () => {
  it('serves every mappings/<id>.mapx as a mapping and every conceptmaps/<id>.json as a ConceptMap', async () => {
    await withContentDir(async (dir) => {
      await writeFile(path.join(dir, 'mappings', 'v2ToFhir'.concat('.mapx')), '$v2ToFhirAdtA01($)');
      await writeFile(path.join(dir, 'mappings', 'v2DatatypeCX.mapx'), 'InstanceOf: Identifier');
      await writeFile(path.join(dir, 'conceptmaps', 'v2Table0001.json'), conceptMap('v2Table0001'));
      const snapshot = await loadStandardContent(dir, createRecordingLogger());
      expect([...snapshot.mappings.entries()]).toEqual([
        ['v2DatatypeCX', 'InstanceOf: Identifier'],
        ['v2ToFhir', '$v2ToFhirAdtA01($)'],
      ]);
      expect(snapshot.conceptMaps).toEqual([JSON.parse(conceptMap('v2Table0001'))]);
      expect(snapshot.aliases.size).toBe(0);
      expect(snapshot.statics.size).toBe(0);
    });
  });

  it('skips, with a warning each, files that are not content, and reports badly named mappings', async () => {
    await withContentDir(async (dir) => {
      await writeFile(path.join(dir, 'mappings', 'bad-name.mapx'), '1');
      await writeFile(path.join(dir, 'mappings', 'notes.txt'), 'x');
      await writeFile(path.join(dir, 'mappings', '.gitkeep'), '');
      await writeFile(path.join(dir, 'conceptmaps', 'broken.json'), '{');
      await writeFile(path.join(dir, 'conceptmaps', 'otherId.json'), conceptMap('v2Table0002'));
      await writeFile(path.join(dir, 'conceptmaps', 'noUrl.json'), conceptMap('noUrl', { url: '' }));
      await writeFile(
        path.join(dir, 'conceptmaps', 'patient.json'),
        '{"resourceType":"Patient","id":"patient"}',
      );
      const logger = createRecordingLogger();
      const snapshot = await loadStandardContent(dir, logger);
      expect(snapshot.mappings.size).toBe(0);
      expect(snapshot.conceptMaps).toEqual([]);
      expect(Object.fromEntries(snapshot.rejected ?? [])).toEqual({
        'bad-name': 'bad-name.mapx: not a valid mapping id',
      });
      const warned = logger.entries.filter((e) => e.level === 'warn').map((e) => e.msg);
      expect(warned).toEqual([
        'standard mappings: bad-name.mapx is not named by a valid mapping id; ignored',
        'standard mappings: notes.txt is not a .mapx file; ignored',
        expect.stringMatching(
          /^standard mappings: conceptmaps\/broken\.json is not valid JSON \(.+\); ignored$/,
        ),
        'standard mappings: conceptmaps/noUrl.json has no canonical url; ignored',
        'standard mappings: conceptmaps/otherId.json has id "v2Table0002", not the file name "otherId"; ignored',
        'standard mappings: conceptmaps/patient.json is not a ConceptMap resource; ignored',
      ]);
    });
  });

  it('fails the load with STORE_UNAVAILABLE when a content folder is missing, and retries on the next load', async () => {
    await withContentDir(async (dir) => {
      const store = new StandardStore(path.join(dir, 'absent'), createRecordingLogger());
      const failure = await store.load().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StoreError);
      expect((failure as StoreError).code).toBe('STORE_UNAVAILABLE');
      const ok = new StandardStore(dir, createRecordingLogger());
      expect((await ok.load()).mappings.size).toBe(0);
    });
  });
});

describe('standard store: plugin', () => {
  it('is on by default, read-only, and serves the package content', async () => {
    const store = await openStore({});
    expect(store).not.toBeNull();
    expect(store!.capabilities).toEqual({ write: false, watch: false });
    expect(store!.put).toBeUndefined();
    expect(store!.delete).toBeUndefined();
    const files = (await readdir(path.join(PACKAGE_DIR, 'mappings'))).filter((f) => f.endsWith('.mapx'));
    const snapshot = await store!.load();
    expect([...snapshot.mappings.keys()].sort()).toEqual(files.map((f) => f.slice(0, -5)).sort());
    if (files.length > 0)
      expect(await store!.get(files[0]!.slice(0, -5))).toBe(snapshot.mappings.get(files[0]!.slice(0, -5)));
    expect(await store!.get('noSuchMapping')).toBeUndefined();
    await store!.close();
  });

  it('serves another content folder when the contentDir option names one', async () => {
    await withContentDir(async (dir) => {
      await writeFile(path.join(dir, 'mappings', 'v2ToFhir.mapx'), '"replacement"');
      const store = await openStore({ contentDir: dir });
      expect(store!.name).toBe(`standard:${dir}`);
      expect(Object.fromEntries((await store!.load()).mappings)).toEqual({ v2ToFhir: '"replacement"' });
    });
  });

  it.each(['off', 'OFF', 'false', '0', 'no'])('MAPX_STANDARD_MAPPINGS=%s turns it off', async (value) => {
    expect(await openStore({ enabled: value })).toBeNull();
  });

  it('refuses a value that is not a switch', async () => {
    await expect(openStore({ enabled: 'maybe' })).rejects.toThrow(
      '@mapx/store-standard: options rejected: MAPX_STANDARD_MAPPINGS must be on or off (also true/false, 1/0, yes/no)',
    );
  });
});
