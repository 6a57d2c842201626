import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { checkStoreHistory } from '@mapx/plugin-testkit/store';
import { openStore } from './support.js';

let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.repo.clear());

describe("fhir-server store: history from the server's StructureMap/_history", () => {
  it('passes the store testkit check for history', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    expect(await checkStoreHistory(store, 'hist')).toEqual([]);
  });

  it("lists the server's version ids and times, and reads each version's expression", async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.put!('adt', "'one'");
    await store.put!('adt', "'two'");
    const current = (await (await fetch(`${server.baseUrl}/StructureMap/adt`)).json()) as {
      meta: { versionId: string; lastUpdated: string };
    };
    const versions = await store.listVersions!('adt');
    expect(versions).toHaveLength(2);
    expect(versions[0]).toEqual({
      versionId: current.meta.versionId,
      savedAt: current.meta.lastUpdated,
      current: true,
    });
    expect(await store.getVersion!('adt', versions[1]!.versionId)).toMatchObject({
      expression: "'one'",
      current: false,
    });
    expect(await store.getVersion!('adt', 'unknown-version')).toBeUndefined();
    expect(await store.listVersions!('nothing')).toEqual([]);
  });
});
