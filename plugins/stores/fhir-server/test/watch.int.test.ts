import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { waitForStoreChange } from '@mapx/plugin-testkit/store';
import { fumeStructureMap, openStore } from './support.js';

let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.repo.clear());

describe('fhir-server store: change detection', () => {
  it('notices new, updated and deleted mappings by polling', async () => {
    await server.repo.updateResource(fumeStructureMap('first', '1', server.baseUrl) as never);
    const store = await openStore({ baseUrl: server.baseUrl, pollingIntervalMs: 20 });
    expect(store.capabilities.watch).toBe(true);
    const writer = await openStore({ baseUrl: server.baseUrl });
    await writer.load();

    await store.load();
    await waitForStoreChange(store, () => writer.put!('second', '2'));
    expect(Object.fromEntries((await store.load()).mappings)).toEqual({ first: '1', second: '2' });

    await waitForStoreChange(store, () => writer.put!('first', 'updated'));
    expect((await store.load()).mappings.get('first')).toBe('updated');

    await waitForStoreChange(store, () => writer.delete!('second'));
    expect([...(await store.load()).mappings.keys()]).toEqual(['first']);
    await store.close();
  });

  it('notices a change of the alias ConceptMap', async () => {
    const store = await openStore({ baseUrl: server.baseUrl, pollingIntervalMs: 20, conceptMaps: 'none' });
    await store.load();
    await waitForStoreChange(store, () =>
      server.repo.createResource({
        resourceType: 'ConceptMap',
        name: 'MapxAliases',
        status: 'active',
      } as never),
    );
    await store.close();
  });

  it('asks for a full resync periodically', async () => {
    const store = await openStore({
      baseUrl: server.baseUrl,
      pollingIntervalMs: 0,
      forcedResyncIntervalMs: 20,
    });
    expect(store.capabilities.watch).toBe(true);
    await waitForStoreChange(store, () => Promise.resolve());
    await store.close();
  });

  it('offers no change detection when polling and resync are off', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    expect(store.capabilities.watch).toBe(false);
  });
});
