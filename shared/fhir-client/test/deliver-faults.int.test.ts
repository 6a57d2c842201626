import { afterEach, describe, expect, it } from 'vitest';
import { createFhirClient, type FhirClient, type FhirDeliveryFailure } from '../src/index.js';
import {
  closedPort,
  outcome,
  sendJson,
  startLoopback,
  type LoopbackServer,
  type SeenRequest,
} from './loopback-server.js';
import type { ServerResponse } from 'node:http';

const fast = { retries: 2, baseDelayMs: 5, maxDelayMs: 20 };
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handle: (req: SeenRequest, res: ServerResponse, count: number) => void) {
  server = await startLoopback(handle);
  return { client: createFhirClient({ baseUrl: server.baseUrl, retry: fast }), seen: server.seen };
}

function failed(result: Awaited<ReturnType<FhirClient['deliver']>>): FhirDeliveryFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

/** Answers the first `failures` requests with `status` (or drops them), then 201 with a Location. */
function flaky(failures: number, status: number | 'drop', headers: Record<string, string> = {}) {
  return (req: SeenRequest, res: ServerResponse, count: number) => {
    if (count <= failures) {
      if (status === 'drop') res.socket?.destroy();
      else sendJson(res, status, outcome(`busy ${count}`), headers);
      return;
    }
    sendJson(res, 201, { resourceType: 'Patient', id: 'p1' }, { location: `${req.url}/_history/1` });
  };
}

const patient = { resourceType: 'Patient', id: 'p1' };
const noId = { resourceType: 'Patient' };
const txn = (request: object) => ({
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [{ resource: patient, request }],
});

describe('deliver: retries by what repeating the request would do', () => {
  it('retries a PUT by id after 503s and reports the attempts and the Location', async () => {
    const { client, seen } = await serve(flaky(2, 503));
    const result = await client.deliver({ value: patient });
    expect(result).toEqual({
      ok: true,
      sent: [
        {
          method: 'PUT',
          url: `${server!.baseUrl}/Patient/p1`,
          resourceType: 'Patient',
          status: 201,
          locations: ['/fhir/Patient/p1/_history/1'],
          attempts: 3,
        },
      ],
    });
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
  });

  it('gives up after the configured retries with a retryable failure carrying the OperationOutcome text', async () => {
    const { client, seen } = await serve(flaky(10, 503));
    const failure = failed(await client.deliver({ value: patient }));
    expect(failure).toMatchObject({ reason: 'refused', status: 503, attempts: 3, retryable: true });
    expect(failure.outcomeText).toBe('busy 3');
    expect(seen).toHaveLength(3);
  });

  it('does not retry a refusal (400): it would be refused again', async () => {
    const { client, seen } = await serve(flaky(10, 400));
    const failure = failed(await client.deliver({ value: patient }));
    expect(failure).toMatchObject({ reason: 'refused', status: 400, attempts: 1, retryable: false });
    expect(seen).toHaveLength(1);
  });

  it('retries a create without an id only after a failure the server certainly did not act on (503, 429)', async () => {
    for (const status of [503, 429]) {
      const { client, seen } = await serve(flaky(1, status));
      expect(await client.deliver({ value: noId })).toMatchObject({ ok: true, sent: [{ attempts: 2 }] });
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /fhir/Patient', 'POST /fhir/Patient']);
      await server!.close();
      server = undefined;
    }
  });

  it('sends a create without an id once after a 502 or a dropped connection: it may have been applied', async () => {
    for (const fault of [502, 'drop'] as const) {
      const { client, seen } = await serve(flaky(1, fault));
      const failure = failed(await client.deliver({ value: noId }));
      expect(failure).toMatchObject({ attempts: 1, retryable: true });
      expect(failure.reason).toBe(fault === 'drop' ? 'no-answer' : 'refused');
      expect(seen).toHaveLength(1);
      await server!.close();
      server = undefined;
    }
  });

  it('retries a create without an id when the connection was refused (nothing was sent)', async () => {
    const port = await closedPort();
    const client = createFhirClient({ baseUrl: `http://127.0.0.1:${port}/fhir`, retry: fast });
    const failure = failed(await client.deliver({ value: noId }));
    expect(failure).toMatchObject({ reason: 'no-answer', attempts: 3, retryable: true });
    expect(failure.message).toContain('ECONNREFUSED');
  });

  it('retries a transaction of PUTs after a dropped connection, not one with a plain create', async () => {
    const repeatable = await serve(flaky(1, 'drop'));
    const put = { method: 'PUT', url: 'Patient/p1' };
    expect(await repeatable.client.deliver({ value: txn(put) })).toMatchObject({ ok: true });
    expect(repeatable.seen).toHaveLength(2);
    await server!.close();
    const created = await serve(flaky(1, 'drop'));
    const failure = failed(await created.client.deliver({ value: txn({ method: 'POST', url: 'Patient' }) }));
    expect(failure).toMatchObject({ reason: 'no-answer', attempts: 1 });
    expect(created.seen).toHaveLength(1);
    await server!.close();
    const conditional = await serve(flaky(1, 'drop'));
    const ifNoneExist = { method: 'POST', url: 'Patient', ifNoneExist: 'identifier=urn:x|1' };
    expect(await conditional.client.deliver({ value: txn(ifNoneExist) })).toMatchObject({ ok: true });
    expect(conditional.seen).toHaveLength(2);
  });

  it('honours a Retry-After (seconds or an HTTP date) before the next attempt, up to maxDelayMs', async () => {
    // the date is made when its round starts: made before the first round (which waits a second), it could be
    // less than a second ahead by then (an HTTP date has whole seconds)
    for (const header of [() => '1', () => new Date(Date.now() + 2_000).toUTCString()]) {
      const retryAfter = header();
      const stamps: number[] = [];
      server = await startLoopback((req, res, count) => {
        stamps.push(Date.now());
        flaky(1, 503, { 'retry-after': retryAfter })(req, res, count);
      });
      const client = createFhirClient({
        baseUrl: server.baseUrl,
        retry: { retries: 1, baseDelayMs: 0, maxDelayMs: 3_000 },
      });
      expect(await client.deliver({ value: patient })).toMatchObject({ ok: true, sent: [{ attempts: 2 }] });
      // without the header the backoff would be 0 ms (baseDelayMs 0)
      expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(900);
      await server.close();
      server = undefined;
    }
  });

  it('bounds each attempt by timeoutMs: a server that never answers is a retryable no-answer', async () => {
    server = await startLoopback(() => undefined);
    const client = createFhirClient({ baseUrl: server.baseUrl, timeoutMs: 150, retry: fast });
    const failure = failed(await client.deliver({ value: patient }));
    expect(failure).toMatchObject({ reason: 'no-answer', attempts: 3, retryable: true });
    expect(failure.message).toContain('timed out after 150ms');
    expect(server.seen).toHaveLength(3);
  });
});

describe('deliver: what counts as delivered for a batch or transaction', () => {
  const batch = (n: number) => ({
    resourceType: 'Bundle',
    type: 'batch',
    entry: Array.from({ length: n }, (_, i) => ({
      resource: { resourceType: 'Patient', id: `p${i}` },
      request: { method: 'PUT', url: `Patient/p${i}` },
    })),
  });
  const reply = (type: string, statuses: string[]) => ({
    resourceType: 'Bundle',
    type,
    entry: statuses.map((status, i) => ({
      response: {
        status,
        location: `Patient/p${i}/_history/1`,
        ...(status.startsWith('2') ? {} : { outcome: outcome(`entry ${i} refused`) }),
      },
    })),
  });

  it('fails a batch with one failed entry, naming it; retryable only when every failed entry is transient', async () => {
    for (const [status, retryable] of [
      ['400 Bad Request', false],
      ['503', true],
    ] as const) {
      const { client, seen } = await serve((_req, res) =>
        sendJson(res, 200, reply('batch-response', ['201 Created', status, '200 OK'])),
      );
      const failure = failed(await client.deliver({ value: batch(3) }));
      expect(failure).toMatchObject({
        reason: 'entries-failed',
        status: 200,
        retryable,
        bundleType: 'batch',
        entryCount: 3,
        failedEntries: [{ index: 1, status: Number(status.slice(0, 3)), outcomeText: 'entry 1 refused' }],
      });
      expect(failure.message).toContain(`refused 1 of 3 batch entries: entry 1 (HTTP ${status.slice(0, 3)}`);
      // the batch as a whole was answered: it is not sent again
      expect(seen).toHaveLength(1);
      await server!.close();
      server = undefined;
    }
  });

  it('counts a batch entry the reply left out as failed', async () => {
    const { client } = await serve((_req, res) => sendJson(res, 200, reply('batch-response', ['201'])));
    const failure = failed(await client.deliver({ value: batch(2) }));
    expect(failure.failedEntries).toEqual([{ index: 1, status: undefined, outcomeText: undefined }]);
    expect(failure.message).toContain('entry 1 (no response)');
  });

  it("delivers a batch whose entries all succeeded, with each entry's location", async () => {
    const { client } = await serve((_req, res) =>
      sendJson(res, 200, reply('batch-response', ['201 Created', '200 OK'])),
    );
    const result = await client.deliver({ json: JSON.stringify(batch(2)) });
    expect(result).toMatchObject({
      ok: true,
      sent: [{ method: 'POST', status: 200, locations: ['Patient/p0/_history/1', 'Patient/p1/_history/1'] }],
    });
  });

  it('fails a batch whose answer is larger than maxResponseBytes (its entries cannot be checked); a PUT needs no body', async () => {
    const big = { ...reply('batch-response', ['200']), padding: 'x'.repeat(5_000) };
    const { client } = await serve((req, res) =>
      req.method === 'PUT'
        ? sendJson(res, 200, { ...patient, padding: big.padding })
        : sendJson(res, 200, big),
    );
    const failure = failed(await client.deliver({ value: batch(1) }, { maxResponseBytes: 1_000 }));
    expect(failure).toMatchObject({ reason: 'invalid-response', status: 200, retryable: false });
    expect(failure.message).toContain('larger than 1000 bytes');
    expect(await client.deliver({ value: patient }, { maxResponseBytes: 1_000 })).toMatchObject({ ok: true });
  });

  it('takes a 2xx to a PUT as delivered whatever its body; a batch reply that is not JSON fails', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>saved</html>');
    });
    expect(await client.deliver({ value: patient })).toMatchObject({ ok: true, sent: [{ status: 200 }] });
    const failure = failed(await client.deliver({ value: batch(1) }));
    expect(failure).toMatchObject({ reason: 'invalid-response', retryable: false });
    expect(failure.message).toContain('is not a Bundle');
  });

  it('reads no more of a streamed answer than the bound (no Content-Length)', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/fhir+json' });
      res.write(`{"resourceType":"Bundle","type":"batch-response","padding":"${'x'.repeat(4_000)}`);
      // never ends: only the bound lets the read stop
    });
    const failure = failed(await client.deliver({ value: batch(1) }, { maxResponseBytes: 1_000 }));
    expect(failure.reason).toBe('invalid-response');
  });

  it('takes a transaction answered 2xx as applied whole, but fails one whose reply names a failed entry', async () => {
    const ok = await serve((_req, res) => sendJson(res, 200, { resourceType: 'OperationOutcome' }));
    expect(await ok.client.deliver({ value: txn({ method: 'PUT', url: 'Patient/p1' }) })).toMatchObject({
      ok: true,
    });
    await server!.close();
    const odd = await serve((_req, res) => sendJson(res, 200, reply('transaction-response', ['409'])));
    const failure = failed(await odd.client.deliver({ value: txn({ method: 'PUT', url: 'Patient/p1' }) }));
    expect(failure.message).toContain('refused 1 of 1 transaction entries: entry 0 (HTTP 409');
  });
});
