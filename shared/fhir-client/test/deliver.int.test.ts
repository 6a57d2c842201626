import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFhirClient, type FhirClient, type FhirDeliveryFailure } from '../src/index.js';

let server: FhirTestServer;
let client: FhirClient;
beforeAll(async () => {
  server = await startFhirTestServer();
  client = createFhirClient({ baseUrl: server.baseUrl, retry: { retries: 0 } });
});
afterAll(() => server.close());
beforeEach(() => void server.requests.splice(0));

const writes = () => server.requests.map((r) => `${r.method} ${r.url}`);
const put = (type: string, id: string) => ({ method: 'PUT', url: `${type}/${id}` });

function failed(result: Awaited<ReturnType<FhirClient['deliver']>>): FhirDeliveryFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

describe('deliver: one rule set, against a real FHIR server', () => {
  it('PUTs a resource with an id to Type/id and reports the status and where it went', async () => {
    const result = await client.deliver({ value: { resourceType: 'Patient', id: 'd1', gender: 'female' } });
    expect(result).toMatchObject({
      ok: true,
      sent: [{ method: 'PUT', resourceType: 'Patient', attempts: 1 }],
    });
    expect(result.ok && result.sent[0]!.status).toBeGreaterThanOrEqual(200);
    expect(writes()).toEqual(['PUT /fhir/Patient/d1']);
    expect(await server.repo.readResource('Patient', 'd1')).toMatchObject({ gender: 'female' });
  });

  it('POSTs a resource without an id to its type; the Location names the id the server gave it', async () => {
    const result = await client.deliver({ json: '{"resourceType":"Basic","code":{"text":"created"}}' });
    if (!result.ok) throw new Error(result.message);
    expect(result.sent).toMatchObject([{ method: 'POST', status: 201, resourceType: 'Basic' }]);
    expect(writes()).toEqual(['POST /fhir/Basic']);
    const id = /Basic\/([^/]+)/.exec(result.sent[0]!.locations[0] ?? '')?.[1];
    expect(await server.repo.readResource('Basic', id!)).toMatchObject({ code: { text: 'created' } });
  });

  it("POSTs a transaction to the base and lists each entry's location", async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        { resource: { resourceType: 'Patient', id: 't1' }, request: put('Patient', 't1') },
        { resource: { resourceType: 'Patient', id: 't2' }, request: put('Patient', 't2') },
      ],
    };
    const result = await client.deliver({ json: JSON.stringify(bundle) });
    if (!result.ok) throw new Error(result.message);
    expect(writes()).toEqual(['POST /fhir']);
    expect(result.sent[0]!.locations).toHaveLength(2);
    expect(result.sent[0]!.locations.join(' ')).toMatch(/Patient\/t1.*Patient\/t2/);
    expect(await server.repo.readResource('Patient', 't2')).toMatchObject({ id: 't2' });
  });

  it('fails a batch whose one entry the server refused, naming that entry; the other entry is stored', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { resource: { resourceType: 'Patient', id: 'b1' }, request: put('Patient', 'b1') },
        // the id in the body is not the one in the URL
        { resource: { resourceType: 'Patient', id: 'other' }, request: put('Patient', 'b2') },
      ],
    };
    const failure = failed(await client.deliver({ value: bundle }));
    expect(failure).toMatchObject({
      reason: 'entries-failed',
      retryable: false,
      entryCount: 2,
      failedEntries: [{ index: 1, status: 400 }],
      index: 0,
      delivered: [],
      notSent: 0,
    });
    expect(failure.message).toMatch(
      /refused 1 of 2 batch entries: entry 1 \(HTTP 400 - Incorrect resource ID\)/,
    );
    expect((failure.detail as { type: string }).type).toBe('batch-response');
    expect(await server.repo.readResource('Patient', 'b1')).toMatchObject({ id: 'b1' });
  });

  it('sends any other Bundle to the base as it is, and reports the refusal the server gives', async () => {
    const failure = failed(
      await client.deliver({ value: { resourceType: 'Bundle', id: 'c1', type: 'collection', entry: [] } }),
    );
    expect(writes()).toEqual(['POST /fhir']);
    expect(failure).toMatchObject({ reason: 'refused', status: 400, retryable: false, attempts: 1 });
    expect(failure.outcomeText).toBeTruthy();
  });

  it('delivers an array item by item in order, each by the same rules', async () => {
    const result = await client.deliver({
      value: [
        { resourceType: 'Patient', id: 'a1' },
        { resourceType: 'Basic', code: { text: 'a2' } },
        { resourceType: 'Bundle', type: 'batch', entry: [{ request: { method: 'GET', url: 'Patient/a1' } }] },
      ],
    });
    expect(result).toMatchObject({ ok: true });
    expect(writes()).toEqual(['PUT /fhir/Patient/a1', 'POST /fhir/Basic', 'POST /fhir']);
  });

  it('stops an array at the first failure: the items before it are listed, the ones after it never sent', async () => {
    const failure = failed(
      await client.deliver({
        value: [
          { resourceType: 'Patient', id: 's1' },
          { resourceType: 'Bundle', type: 'collection', entry: [] },
          { resourceType: 'Patient', id: 's3' },
        ],
      }),
    );
    expect(writes()).toEqual(['PUT /fhir/Patient/s1', 'POST /fhir']);
    expect(failure).toMatchObject({ reason: 'refused', status: 400, index: 1, notSent: 1, retryable: false });
    expect(failure.delivered).toMatchObject([{ method: 'PUT', resourceType: 'Patient' }]);
    await expect(server.repo.readResource('Patient', 's3')).rejects.toThrow();
  });

  it('sends nothing for an undefined or null result, or an empty array', async () => {
    for (const value of [undefined, null, []]) {
      expect(await client.deliver({ value })).toEqual({ ok: true, sent: [] });
    }
    expect(await client.deliver({ json: 'null' })).toEqual({ ok: true, sent: [] });
    expect(writes()).toEqual([]);
  });

  it('refuses what is not a resource before sending anything, array items included', async () => {
    const inherited = Object.create({ resourceType: 'Patient' }) as object;
    const cases: [unknown, number, RegExp][] = [
      [42, 0, /^the result is a number, not a FHIR resource/],
      [inherited, 0, /^the result is an object without a valid resourceType/],
      [[{ resourceType: 'Patient', id: 'x1' }, 'text'], 1, /^item 1 of the result is a string/],
      [{ resourceType: 'patient' }, 0, /without a valid resourceType/],
      [{ resourceType: 'Patient', id: 'a/../b' }, 0, /id is not a valid resource id/],
    ];
    for (const [value, index, message] of cases) {
      const failure = failed(await client.deliver({ value }));
      expect(failure).toMatchObject({ reason: 'not-deliverable', index, attempts: 0, retryable: false });
      expect(failure.message).toMatch(message);
    }
    expect(failed(await client.deliver({ json: '{"resourceType":' })).message).toBe('the result is not JSON');
    expect(writes()).toEqual([]);
  });
});
