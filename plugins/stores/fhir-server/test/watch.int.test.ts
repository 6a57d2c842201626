import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import type { MappingStore } from '@mapx/plugin-api';
import { fumeStructureMap, openStore, waitFor } from './support.js';

let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.repo.clear());

async function expectChangeAfter(store: MappingStore, action: () => Promise<unknown>): Promise<void> {
  let changes = 0;
  const subscription = store.watch!(() => {
    changes += 1;
  });
  try {
    await action();
    await waitFor(() => changes > 0, 10_000, 'a change event');
  } finally {
    subscription.dispose();
  }
}

describe('fhir-server store: change detection', () => {
  it('notices new, updated and deleted mappings by polling', async () => {
    await server.repo.updateResource(fumeStructureMap('first', '1', server.baseUrl) as never);
    const store = await openStore({ baseUrl: server.baseUrl, pollingIntervalMs: 20 });
    expect(store.capabilities.watch).toBe(true);
    const writer = await openStore({ baseUrl: server.baseUrl });
    await writer.load();

    await store.load();
    await expectChangeAfter(store, () => writer.put!('second', '2'));
    expect(Object.fromEntries((await store.load()).mappings)).toEqual({ first: '1', second: '2' });

    await expectChangeAfter(store, () => writer.put!('first', 'updated'));
    expect((await store.load()).mappings.get('first')).toBe('updated');

    await expectChangeAfter(store, () => writer.delete!('second'));
    expect([...(await store.load()).mappings.keys()]).toEqual(['first']);
    await store.close();
  });

  it('notices a change of the alias ConceptMap', async () => {
    const store = await openStore({ baseUrl: server.baseUrl, pollingIntervalMs: 20, conceptMaps: 'none' });
    await store.load();
    await expectChangeAfter(store, () =>
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
    await expectChangeAfter(store, () => Promise.resolve());
    await store.close();
  });

  it('offers no change detection when polling and resync are off', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    expect(store.capabilities.watch).toBe(false);
  });
});
