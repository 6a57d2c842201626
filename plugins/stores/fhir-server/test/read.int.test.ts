import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createRecordingLogger } from '@mapx/plugin-testkit/store';
import { FUME_MARKER, MAPX_MARKER, aliasConceptMap, fumeStructureMap, openStore } from './support.js';

let server: FhirTestServer;
const seed = (resource: Record<string, unknown>): Promise<unknown> =>
  server.repo.updateResource(resource as never);

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.repo.clear();
  server.requests.length = 0;
});

describe('fhir-server store: reading', () => {
  it('reads StructureMaps written by the reference engine, and skips other StructureMaps', async () => {
    await seed(fumeStructureMap('legacyMap', 'InstanceOf: Patient\n* active = true', server.baseUrl));
    await seed(fumeStructureMap('under_score', '"u"', server.baseUrl));
    await seed(fumeStructureMap('with-dash', '"ignored: bad key"', server.baseUrl));
    await seed(fumeStructureMap('emptyExpr', '', server.baseUrl));
    const foreign = fumeStructureMap('foreignCtx', '"ignored: context"', server.baseUrl);
    foreign.useContext = [
      { code: { code: 'focus' }, valueCodeableConcept: { coding: [{ system: 'http://x', code: 'y' }] } },
    ];
    await seed(foreign);
    const noContext = fumeStructureMap('noContext', '"kept: no useContext at all"', server.baseUrl);
    delete noContext.useContext;
    await seed(noContext);
    await seed({
      resourceType: 'StructureMap',
      id: 'plainFhirMap',
      status: 'active',
      name: 'x',
      url: 'http://x/sm',
    });
    const store = await openStore({ baseUrl: server.baseUrl });
    const snapshot = await store.load();
    expect(Object.fromEntries(snapshot.mappings)).toEqual({
      legacyMap: 'InstanceOf: Patient\n* active = true',
      noContext: '"kept: no useContext at all"',
      under_score: '"u"',
    });
    expect(await store.get('legacyMap')).toBe('InstanceOf: Patient\n* active = true');
    expect(await store.get('plainFhirMap')).toBeUndefined();
    expect(await store.get('missing')).toBeUndefined();
    await store.close();
  });

  it('pages through search results with next links', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `paged${i}`);
    for (const id of ids) await seed(fumeStructureMap(id, `'${id}'`, server.baseUrl));
    const store = await openStore({ baseUrl: server.baseUrl, pageSize: 3 });
    const snapshot = await store.load();
    expect([...snapshot.mappings.keys()]).toEqual(ids);
    expect(snapshot.mappings.get('paged6')).toBe("'paged6'");
    const pages = server.requests.filter((r) => r.method === 'GET' && r.url.includes('/StructureMap?'));
    expect(pages.map((r) => new URL(r.url, server.baseUrl).searchParams.get('_offset'))).toEqual([
      null,
      '3',
      '6',
    ]);
  });

  it("reads the reference engine's alias ConceptMap, and prefers a mapx one", async () => {
    await seed(
      aliasConceptMap('fumeAliases', 'FumeAliases', FUME_MARKER, { mrn: 'urn:fume:mrn', 'bad-name': 'x' }),
    );
    const store = await openStore({ baseUrl: server.baseUrl });
    expect(Object.fromEntries((await store.load()).aliases)).toEqual({ mrn: 'urn:fume:mrn' });

    await seed(aliasConceptMap('mapxAliases', 'MapxAliases', MAPX_MARKER, { mrn: 'urn:mapx:mrn' }));
    expect(Object.fromEntries((await store.load()).aliases)).toEqual({ mrn: 'urn:mapx:mrn' });
  });

  it('ignores alias ConceptMaps without the marker, and all of them when several qualify', async () => {
    await seed(aliasConceptMap('unmarked', 'MapxAliases', { system: 'http://x', code: 'mapx' }, { a: 'x' }));
    const logger = createRecordingLogger();
    const store = await openStore({ baseUrl: server.baseUrl }, logger);
    expect((await store.load()).aliases.size).toBe(0);

    await seed(aliasConceptMap('one', 'MapxAliases', MAPX_MARKER, { a: '1' }));
    await seed(aliasConceptMap('two', 'MapxAliases', MAPX_MARKER, { a: '2' }));
    expect((await store.load()).aliases.size).toBe(0);
    expect(logger.entries.filter((e) => e.level === 'error')).toHaveLength(1);
  });

  it('exposes the other ConceptMaps of the server, unless told not to', async () => {
    await seed(aliasConceptMap('aliases', 'MapxAliases', MAPX_MARKER, { a: '1' }));
    await seed({
      resourceType: 'ConceptMap',
      id: 'gender',
      url: 'http://example.org/cm/gender',
      status: 'active',
    });
    await seed({
      resourceType: 'ConceptMap',
      id: 'units',
      url: 'http://example.org/cm/units',
      status: 'active',
    });
    const all = await (await openStore({ baseUrl: server.baseUrl })).load();
    expect(all.conceptMaps.map((c) => (c as { id: string }).id).sort()).toEqual(['gender', 'units']);
    expect(Object.fromEntries(all.aliases)).toEqual({ a: '1' });
    const none = await (await openStore({ baseUrl: server.baseUrl, conceptMaps: 'none' })).load();
    expect(none.conceptMaps).toEqual([]);
    expect(Object.fromEntries(none.aliases)).toEqual({ a: '1' });
  });
});
