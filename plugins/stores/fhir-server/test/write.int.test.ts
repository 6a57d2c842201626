import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { fumeStructureMap, openStore } from './support.js';

let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.repo.clear());

async function readOnServer(id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}/StructureMap/${id}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('fhir-server store: writing', () => {
  it('creates a StructureMap in the canonical shape with the mapx namespace', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.load();
    expect(await store.put!('newMap', 'InstanceOf: Patient')).toEqual({ created: true });
    const { status, body } = await readOnServer('newMap');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      resourceType: 'StructureMap',
      id: 'newMap',
      name: 'newMap',
      title: 'newMap',
      url: `${server.baseUrl}/StructureMap/newMap`,
      identifier: [{ system: 'urn:ietf:rfc:3986', value: `${server.baseUrl}/StructureMap/newMap` }],
      status: 'active',
      useContext: [
        {
          code: { system: 'http://snomed.info/sct', code: '706594005' },
          valueCodeableConcept: { coding: [{ system: 'http://mapx.dev/codes', code: 'mapx' }] },
        },
      ],
      group: [
        {
          name: 'mapxMapping',
          typeMode: 'none',
          input: [{ name: 'input', mode: 'source' }],
          rule: [
            {
              name: 'evaluate',
              source: [{ context: 'input' }],
              extension: [
                {
                  url: 'http://mapx.dev/StructureDefinition/mapping-expression',
                  valueExpression: {
                    language: 'application/vnd.vendor.mapx',
                    expression: 'InstanceOf: Patient',
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    // Another replica reads what this one wrote.
    const other = await openStore({ baseUrl: server.baseUrl });
    expect(Object.fromEntries((await other.load()).mappings)).toEqual({ newMap: 'InstanceOf: Patient' });
  });

  it('updates a mapping it has read, and a mapping it has just written', async () => {
    await server.repo.updateResource(fumeStructureMap('legacy', '"v1"', server.baseUrl) as never);
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.load();
    expect(await store.put!('legacy', '"v2"')).toEqual({ created: false });
    expect(await store.put!('legacy', '"v3"')).toEqual({ created: false });
    expect(await store.get('legacy')).toBe('"v3"');
    expect(await store.put!('fresh', '1')).toEqual({ created: true });
    expect(await store.put!('fresh', '2')).toEqual({ created: false });
  });

  it('refuses an update based on a stale version: one of two writers gets STORE_CONFLICT', async () => {
    await server.repo.updateResource(fumeStructureMap('shared', '"original"', server.baseUrl) as never);
    const a = await openStore({ baseUrl: server.baseUrl });
    const b = await openStore({ baseUrl: server.baseUrl });
    await Promise.all([a.load(), b.load()]);
    // Sequential on purpose: the in-memory test server does not promise atomic check-and-write.
    expect(await a.put!('shared', '"from A"')).toEqual({ created: false });
    await expect(b.put!('shared', '"from B"')).rejects.toMatchObject({
      name: 'StoreError',
      code: 'STORE_CONFLICT',
    });
    expect(await a.get('shared')).toBe('"from A"');
  });

  it('refuses to create over a mapping another writer created since the last load', async () => {
    const a = await openStore({ baseUrl: server.baseUrl });
    const b = await openStore({ baseUrl: server.baseUrl });
    await Promise.all([a.load(), b.load()]);
    expect(await a.put!('raced', '"A"')).toEqual({ created: true });
    await expect(b.put!('raced', '"B"')).rejects.toMatchObject({ code: 'STORE_CONFLICT' });
    expect(await b.get('raced')).toBe('"A"');
    // B has now read A's version: a deliberate retry goes through.
    expect(await b.put!('raced', '"B"')).toEqual({ created: false });
  });

  it('never overwrites or deletes a StructureMap that is not a mapping', async () => {
    await server.repo.updateResource({
      resourceType: 'StructureMap',
      id: 'realMap',
      status: 'active',
      name: 'R',
    } as never);
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.load();
    await expect(store.put!('realMap', '1')).rejects.toMatchObject({ code: 'STORE_CONFLICT' });
    expect(await store.delete!('realMap')).toBe(false);
    expect((await readOnServer('realMap')).body).not.toHaveProperty('group');
  });

  it('deletes a mapping, and answers false when it is absent', async () => {
    await server.repo.updateResource(fumeStructureMap('doomed', '1', server.baseUrl) as never);
    const store = await openStore({ baseUrl: server.baseUrl });
    expect(await store.delete!('doomed')).toBe(true);
    expect((await readOnServer('doomed')).status).toBe(404);
    expect(await store.delete!('doomed')).toBe(false);
    expect(await store.delete!('neverThere')).toBe(false);
    expect(await store.put!('doomed', '2')).toEqual({ created: true });
  });

  it('is read-only when writes are disabled, and refuses bad ids', async () => {
    const readOnly = await openStore({ baseUrl: server.baseUrl, writeEnabled: false });
    expect(readOnly.capabilities.write).toBe(false);
    await expect(readOnly.put!('x', '1')).rejects.toMatchObject({ code: 'STORE_READ_ONLY' });
    await expect(readOnly.delete!('x')).rejects.toMatchObject({ code: 'STORE_READ_ONLY' });
    const store = await openStore({ baseUrl: server.baseUrl });
    await expect(store.put!('a/../b', '1')).rejects.toMatchObject({ code: 'STORE_BAD_ID' });
    await expect(store.put!('under_score', '1')).rejects.toMatchObject({ code: 'STORE_BAD_ID' });
  });
});
