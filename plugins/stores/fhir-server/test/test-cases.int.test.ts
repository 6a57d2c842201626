import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { checkStoreTestCases } from '@mapx/plugin-testkit/store';
import { openStore } from './support.js';

let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.repo.clear());

describe('fhir-server store: test cases as DocumentReferences', () => {
  it('passes the store testkit check for test cases', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.put!('adt', 'InstanceOf: Patient');
    expect(await checkStoreTestCases(store, 'adt')).toEqual([]);
  });

  it('stores a case as a DocumentReference related to the StructureMap, listed per mapping', async () => {
    const store = await openStore({ baseUrl: server.baseUrl });
    await store.put!('adt', 'InstanceOf: Patient');
    await store.put!('other', 'InstanceOf: Patient');
    const input = new TextEncoder().encode('MSH|^~\\&|A\r');
    await store.putTest!('adt', { name: 'a01_x', inputExtension: 'hl7', input, expected: '{"a":1}\n' });
    await store.putTest!('other', {
      name: 'z',
      inputExtension: 'json',
      input: new TextEncoder().encode('{}'),
    });
    const found = (await (
      await fetch(`${server.baseUrl}/DocumentReference?related=StructureMap/adt`)
    ).json()) as { entry: { resource: Record<string, unknown> }[] };
    expect(found.entry).toHaveLength(1);
    expect(found.entry[0]!.resource).toMatchObject({
      resourceType: 'DocumentReference',
      status: 'current',
      identifier: [{ system: 'http://mapx.dev/mapping-test-case', value: 'adt/a01_x' }],
      type: { coding: [{ system: 'http://mapx.dev/codes', code: 'mapping-test-case' }] },
      context: { related: [{ reference: 'StructureMap/adt' }] },
      content: [
        { attachment: { contentType: 'x-application/hl7-v2+er7', title: 'a01_x.hl7' } },
        { attachment: { contentType: 'application/json', title: 'expected.json' } },
      ],
    });
    expect(await store.listTests!('adt')).toEqual([
      { name: 'a01_x', inputExtension: 'hl7', hasExpected: true },
    ]);
    const read = await store.getTest!('adt', 'a01_x');
    expect(Buffer.from(read!.input).toString()).toBe('MSH|^~\\&|A\r');
    expect(read!.expected).toBe('{"a":1}\n');
    // the mappings themselves are unaffected
    expect([...(await store.load()).mappings.keys()]).toEqual(['adt', 'other']);
  });

  it('refuses writes when read-only', async () => {
    const store = await openStore({ baseUrl: server.baseUrl, writeEnabled: false });
    const attempt = store.putTest!('adt', { name: 'c', inputExtension: 'json', input: new Uint8Array() });
    await expect(attempt).rejects.toMatchObject({ code: 'STORE_READ_ONLY' });
  });
});
