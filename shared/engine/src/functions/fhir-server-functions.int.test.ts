import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, evaluateIn, type TestContext } from '../../test/functions/call-context.js';
import { createFhirClient } from '@mapx/fhir-client';
import type { FhirConnectionResolver } from './index.js';

let server: FhirTestServer;

function ctxFor(
  baseUrl: string | undefined,
  extra: Record<string, unknown> = {},
  throwLevel?: number,
): TestContext {
  const services: Record<string, unknown> = { ...extra };
  if (baseUrl) services['fhirClient'] = createFhirClient({ baseUrl, timeoutMs: 2000 });
  return createTestContext({ services, ...(throwLevel !== undefined ? { throwLevel } : {}) });
}

beforeAll(async () => {
  server = await startFhirTestServer();
  for (let i = 1; i <= 5; i++) {
    await server.repo.updateResource({
      resourceType: 'Practitioner',
      id: `pr${i}`,
      identifier: [{ system: 'http://example.org/npi', value: `npi-${i}` }],
      name: [{ family: 'Fhirfunc' }],
    });
  }
});
afterAll(() => server.close());

describe('$search', () => {
  it('returns the searchset Bundle', async () => {
    const bundle = (await evaluateIn(
      ctxFor(server.baseUrl),
      `$search('Practitioner', {'family': 'Fhirfunc'})`,
    )) as {
      resourceType: string;
      total: number;
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 5 });
  });

  it('follows pages with fetchAll, caps at maxResults and applies transform', async () => {
    const ctx = ctxFor(server.baseUrl);
    const all = await evaluateIn(
      ctx,
      `$search('Practitioner?_count=2', {'family':'Fhirfunc'}, {'fetchAll': true}).id`,
    );
    expect([...(all as string[])].sort()).toEqual(['pr1', 'pr2', 'pr3', 'pr4', 'pr5']);
    const capped = await evaluateIn(
      ctx,
      `$count($search('Practitioner', {'_count': 2}, {'fetchAll': true, 'maxResults': 3}))`,
    );
    expect(capped).toBe(3);
    const transformed = await evaluateIn(
      ctx,
      `$search('Practitioner', {'_count': 2, 'family':'Fhirfunc'}, {'fetchAll': true,
        'transform': function($r, $mode){ $r.id = 'pr2' ? undefined : $r.id & ':' & $mode }})`,
    );
    expect([...(transformed as string[])].sort()).toEqual([
      'pr1:match',
      'pr3:match',
      'pr4:match',
      'pr5:match',
    ]);
  });

  it('searches with POST', async () => {
    const total = await evaluateIn(
      ctxFor(server.baseUrl),
      `$search('Practitioner', {'_id': 'pr3'}, {'asPost': true}).total`,
    );
    expect(total).toBe(1);
  });
});

describe('$resolve / $searchSingle / $literal / $resourceId', () => {
  it('reads literal references and resolves single matches', async () => {
    const ctx = ctxFor(server.baseUrl);
    expect(await evaluateIn(ctx, `$resolve('Practitioner/pr1').id`)).toBe('pr1');
    expect(
      await evaluateIn(
        ctx,
        `$searchSingle('Practitioner', {'identifier': 'http://example.org/npi|npi-2'}).id`,
      ),
    ).toBe('pr2');
    expect(await evaluateIn(ctx, `$literal('Practitioner?identifier=http://example.org/npi|npi-3')`)).toBe(
      'Practitioner/pr3',
    );
    expect(await evaluateIn(ctx, `$resourceId('Practitioner', {'_id': 'pr4'})`)).toBe('pr4');
  });

  it('raises F5210 for a missing resource, F5211 for no match, F5212 for several', async () => {
    const ctx = ctxFor(server.baseUrl);
    await expect(evaluateIn(ctx, `$resolve('Practitioner/nope')`)).rejects.toMatchObject({
      code: 'F5210',
      message: 'Resource not found: "Practitioner"/"nope"',
      status: 404,
      request: { method: 'GET', resourceType: 'Practitioner', id: 'nope' },
      operationOutcome: expect.objectContaining({ resourceType: 'OperationOutcome' }),
    });
    await expect(evaluateIn(ctx, `$literal('Practitioner', {'_id': 'zzz'})`)).rejects.toMatchObject({
      code: 'F5211',
      message: 'Search for "Practitioner" with parameters {"_id":"zzz"} returned no results',
    });
    await expect(evaluateIn(ctx, `$resolve('Practitioner?family=Fhirfunc')`)).rejects.toMatchObject({
      code: 'F5212',
      resultCount: 5,
    });
  });

  it('returns undefined when the policy downgrades the error', async () => {
    const ctx = ctxFor(server.baseUrl, {}, 20);
    expect(await evaluateIn(ctx, `$resolve('Practitioner/nope')`)).toBeUndefined();
    expect(ctx.reported.map((d) => d['code'])).toEqual(['F5210']);
  });

  it('refuses URLs outside the server base (no SSRF) with F5203', async () => {
    const ctx = ctxFor(server.baseUrl);
    const before = server.requests.length;
    for (const ref of [
      'http://evil.example/fhir/Patient/1',
      `${server.baseUrl}/../Patient/1`,
      'Patient/../../x',
    ]) {
      await expect(evaluateIn(ctx, `$resolve($ref)`, undefined, { ref })).rejects.toMatchObject({
        code: 'F5203',
        sourceErrorCode: 'refused-url',
      });
    }
    expect(server.requests.length).toBe(before);
  });
});

describe('connection failures', () => {
  it('F5200 without a client', async () => {
    await expect(evaluateIn(ctxFor(undefined), `$search('Patient')`)).rejects.toMatchObject({
      code: 'F5200',
      message: 'Cannot perform operation "search": FHIR client is not configured.',
    });
  });

  it('F5202 on timeout and F5203 for an unreachable server, without credentials in the error', async () => {
    const slow = await startFhirTestServer({ delayMs: 500 });
    try {
      const ctx = createTestContext({
        services: { fhirClient: createFhirClient({ baseUrl: slow.baseUrl, timeoutMs: 50 }) },
      });
      await expect(evaluateIn(ctx, `$capabilities()`)).rejects.toMatchObject({
        code: 'F5202',
        message: 'FHIR client "capabilities" operation timed out after 50ms',
      });
    } finally {
      await slow.close();
    }
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const client = createFhirClient({
      baseUrl: `http://127.0.0.1:${port}/fhir`,
      authType: 'BASIC',
      username: 'u',
      password: 'topsecret',
    });
    const err = await evaluateIn(
      createTestContext({ services: { fhirClient: client } }),
      `$capabilities()`,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'F5203', sourceErrorCode: 'ECONNREFUSED' });
    expect(JSON.stringify(err)).not.toMatch(/topsecret|dTp0b3Bz|authorization/i);
  });

  it('F5203 with status 401 against a server that needs credentials', async () => {
    const secured = await startFhirTestServer({ basicAuth: { username: 'a', password: 'b' } });
    try {
      const ctx = createTestContext({
        services: { fhirClient: createFhirClient({ baseUrl: secured.baseUrl }) },
      });
      await expect(evaluateIn(ctx, `$search('Patient')`)).rejects.toMatchObject({
        code: 'F5203',
        status: 401,
      });
    } finally {
      await secured.close();
    }
  });
});

describe('$useFhirServer / $fhirConnectionNames', () => {
  it('D3200 without a resolver; empty names', async () => {
    await expect(evaluateIn(ctxFor(server.baseUrl), `$useFhirServer('other')`)).rejects.toMatchObject({
      code: 'D3200',
    });
    expect(await evaluateIn(ctxFor(server.baseUrl), `$fhirConnectionNames()`)).toEqual([]);
  });

  it('switches the connection for the rest of the scope', async () => {
    const resolver: FhirConnectionResolver = {
      names: () => ['main'],
      resolve: (target) => {
        if (target !== 'main') throw new Error(`unknown connection ${target}`);
        return createFhirClient({ baseUrl: server.baseUrl });
      },
    };
    const ctx = ctxFor(undefined, { fhirConnectionResolver: resolver });
    expect(await evaluateIn(ctx, `$fhirConnectionNames()`)).toEqual(['main']);
    expect(await evaluateIn(ctx, `($useFhirServer('main'); $resolve('Practitioner/pr5').id)`)).toBe('pr5');
    await expect(evaluateIn(ctx, `$useFhirServer('nope')`)).rejects.toMatchObject({
      code: 'D3201',
      message: 'Failed to switch FHIR connection to "nope": unknown connection nope',
    });
  });
});
