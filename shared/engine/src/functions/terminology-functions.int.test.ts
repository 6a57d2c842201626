import { loadFhirContext, type FhirContext } from '@mapx/fhir';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, evaluateIn } from '../../test/functions/call-context.js';
import { createFhirClient } from '@mapx/fhir-client';
import { createServerConceptMapSource, type ServerConceptMapSource } from './index.js';
import { createEngine } from '../engine/create-engine.js';
import { syncRun } from '../runtime/sync-run.js';

const GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender';
let fhir: FhirContext;

beforeAll(async () => {
  const cacheDir = join(tmpdir(), 'mapx-engine-functions-r4-cache');
  fhir = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, registryUrl: 'n/a' });
});

describe('terminology functions over the package context', () => {
  const run = (src: string) => evaluateIn(createTestContext({ fhir }), src);

  it('translate codes to codes and Codings to Codings (id, name or URL)', async () => {
    expect(await run(`$translate('male', 'cm-administrative-gender-v2')`)).toBe('M');
    expect(
      await run(`$translate('female', 'http://hl7.org/fhir/ConceptMap/cm-administrative-gender-v2')`),
    ).toBe('F');
    expect(
      await run(`$translate({'system': '${GENDER_SYSTEM}', 'code': 'male'}, 'v2.AdministrativeGender')`),
    ).toEqual({
      system: 'http://terminology.hl7.org/CodeSystem/v2-0001',
      code: 'M',
    });
    expect(await run(`$translateCode({'code': 'male'}, 'cm-administrative-gender-v2')`)).toBe('M');
    expect(await run(`$translateCoding('male', 'cm-administrative-gender-v2')`)).toMatchObject({ code: 'M' });
    expect([
      ...((await run(`$translate(['male', 'female'], 'cm-administrative-gender-v2')`)) as string[]),
    ]).toEqual(['M', 'F']);
  });

  it('report F5321 for an unmapped code (collected, not thrown by default)', async () => {
    const ctx = createTestContext({ fhir });
    expect(await evaluateIn(ctx, `$translate('nonsense', 'cm-administrative-gender-v2')`)).toBeUndefined();
    expect(ctx.reported).toEqual([
      expect.objectContaining({
        code: 'F5321',
        message:
          'No ConceptMap translation performed for "nonsense" using "cm-administrative-gender-v2" (status: "unmapped", reason: undefined).',
      }),
    ]);
  });

  it('throw F5321 only when both validationLevel and throwLevel are above 32', async () => {
    const src = `$translate('nonsense', 'cm-administrative-gender-v2')`;
    const strict = createTestContext({ fhir, throwLevel: 33 });
    await expect(evaluateIn(strict, src, undefined, { validationLevel: 33 })).rejects.toMatchObject({
      code: 'F5321',
    });
    const outsideBand = createTestContext({ fhir, throwLevel: 33 });
    expect(await evaluateIn(outsideBand, src)).toBeUndefined();
    expect(outsideBand.reported.map((d) => d['code'])).toEqual(['F5321']);
  });

  it('raise F5214 for an unknown ConceptMap', async () => {
    await expect(run(`$translate('male', 'no-such-map')`)).rejects.toMatchObject({
      code: 'F5214',
      conceptMapKey: 'no-such-map',
    });
  });

  it('check membership and expand value sets', async () => {
    expect(await run(`$inValueSet('male', 'administrative-gender')`)).toMatchObject({
      status: 'member',
      concept: { system: GENDER_SYSTEM, code: 'male' },
    });
    expect(
      await run(`$inValueSet({'system': '${GENDER_SYSTEM}', 'code': 'xx'}, 'administrative-gender')`),
    ).toEqual({
      status: 'not-member',
    });
    expect(await run(`$inValueSet('male', 'no-such-vs')`)).toEqual({
      status: 'unknown',
      reason: 'unknown-valueset',
    });
    const vs = (await run(`$expandValueSet('http://hl7.org/fhir/ValueSet/administrative-gender')`)) as {
      resourceType: string;
      expansion: { contains: { code: string }[] };
    };
    expect(vs.resourceType).toBe('ValueSet');
    expect(vs.expansion.contains.map((c) => c.code).sort()).toEqual(['female', 'male', 'other', 'unknown']);
  });

  it('raise F5215 without a terminology runtime (undefined when downgraded)', async () => {
    await expect(evaluateIn(createTestContext(), `$translate('male', 'x')`)).rejects.toMatchObject({
      code: 'F5215',
      message: 'Cannot perform operation "translate": terminology runtime is not configured.',
    });
    const lenient = createTestContext({ throwLevel: 0 });
    expect(await evaluateIn(lenient, `$inValueSet('male', 'administrative-gender')`)).toBeUndefined();
  });
});

describe('ConceptMaps from the FHIR server', () => {
  let server: FhirTestServer;
  let source: ServerConceptMapSource;

  beforeAll(async () => {
    server = await startFhirTestServer();
    await server.repo.updateResource({
      resourceType: 'ConceptMap',
      id: 'gender',
      url: 'http://example.org/ConceptMap/srv-gender-map',
      name: 'SrvGenderMap',
      status: 'active',
      group: [
        {
          source: 'http://example.org/src',
          target: GENDER_SYSTEM,
          element: [{ code: 'F', target: [{ code: 'female', equivalence: 'equivalent' }] }],
        },
      ],
    } as never);
    source = createServerConceptMapSource({ client: createFhirClient({ baseUrl: server.baseUrl }) });
  });
  afterAll(() => server.close());

  it('are found by id, URL or name, before the packages, and cached until flush()', async () => {
    const ctx = createTestContext({ fhir, services: { serverConceptMaps: source } });
    expect(await evaluateIn(ctx, `$translate('F', 'gender')`)).toBe('female');
    expect(await evaluateIn(ctx, `$translate('F', 'http://example.org/ConceptMap/srv-gender-map')`)).toBe(
      'female',
    );
    expect(await evaluateIn(ctx, `$translate({'code':'F'}, 'SrvGenderMap')`)).toEqual({
      system: GENDER_SYSTEM,
      code: 'female',
    });
    const before = server.requests.length;
    expect(await evaluateIn(ctx, `$translate('F', 'gender')`)).toBe('female');
    expect(server.requests.length).toBe(before);
    source.flush();
    expect(await evaluateIn(ctx, `$translate('F', 'gender')`)).toBe('female');
    expect(server.requests.length).toBeGreaterThan(before);
  });

  it('fall back to the packages when the server has no such map, and skip the server with a package filter', async () => {
    const ctx = createTestContext({ fhir, services: { serverConceptMaps: source } });
    expect(await evaluateIn(ctx, `$translate('male', 'cm-administrative-gender-v2')`)).toBe('M');
    const before = server.requests.length;
    expect(
      await evaluateIn(
        ctx,
        `$translate('male', 'cm-administrative-gender-v2', {'id': 'hl7.fhir.r4.core', 'version': '4.0.1'})`,
      ),
    ).toBe('M');
    expect(server.requests.length).toBe(before);
  });

  it('work without a package context', async () => {
    const ctx = createTestContext({ services: { serverConceptMaps: source } });
    expect(await evaluateIn(ctx, `$translate('F', 'gender')`)).toBe('female');
  });

  it('on an evaluation thread: the first run asks the server, the next answer at once from what it said', async () => {
    const fresh = createServerConceptMapSource({ client: createFhirClient({ baseUrl: server.baseUrl }) });
    const engine = createEngine({
      fhir: () => fhir,
      services: { serverConceptMaps: fresh },
      ownThread: true,
    });
    engine.registerFunction('inSyncRun', () => syncRun.active, '<:b>');
    const expression = await engine.compile(
      `{'found': $translate('F', 'gender'), 'package': $translate('male', 'cm-administrative-gender-v2'), 'sync': $inSyncRun()}`,
    );
    const before = server.requests.length;
    expect(await expression.evaluate({})).toEqual({ found: 'female', package: 'M', sync: false });
    const asked = server.requests.length;
    expect(asked).toBeGreaterThan(before);
    for (let i = 0; i < 3; i++)
      expect(await expression.evaluate({})).toEqual({ found: 'female', package: 'M', sync: true });
    expect(server.requests.length).toBe(asked);
    // flushed (POST /$recache): the next run asks again, and the one after answers at once
    fresh.flush();
    expect(await expression.evaluate({})).toEqual({ found: 'female', package: 'M', sync: false });
    expect(server.requests.length).toBeGreaterThan(asked);
    expect(await expression.evaluate({})).toEqual({ found: 'female', package: 'M', sync: true });
  });
});
