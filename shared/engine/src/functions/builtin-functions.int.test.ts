import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index.js';
import { createFhirClient } from '@mapx/fhir-client';
import { builtinAliases } from './index.js';

/** End to end: the real engine (createEngine → compile → evaluate) calling the built-in functions. */
const engine = createEngine({ fhir: () => undefined });
const mappings = (table: Record<string, unknown>) => ({
  keys: () => Object.keys(table),
  get: (key: string) => {
    if (key === 'broken') throw new Error('disk on fire');
    return table[key] as string | undefined;
  },
});

async function verbose(src: string, bindings?: Record<string, unknown>, table: Record<string, unknown> = {}) {
  return (await engine.compile(src)).evaluateVerbose({ name: 'ann lee' }, bindings, {
    mappings: mappings(table),
  });
}

describe('helpers through the engine', () => {
  it('report helper diagnostics with the call-site position (§6.8)', async () => {
    const report = await verbose(`{"x": 1, "w": $warn("careful")}`);
    expect(report).toMatchObject({ ok: true, status: 200, result: { x: 1 } });
    expect(report.diagnostics.warning).toEqual([
      expect.objectContaining({
        code: 'F5320',
        message: 'careful',
        position: 20,
        start: 14,
        line: 1,
        severity: 32,
      }),
    ]);
  });

  it('make the status 206 for a warning under throwLevel 33, result kept', async () => {
    const report = await verbose(`($warn('w'); 'done')`, { throwLevel: 33 });
    expect(report).toMatchObject({ ok: false, status: 206, result: 'done' });
  });

  it('run string, value and higher-order helpers on the input', async () => {
    const report = await verbose(`{
      'cap': $initCap(name),
      'num': $isNumeric('1x5'),
      'has': $contains(name, $missing),
      'first': $first([1, 5, 9], function($v){ $v > 4 }),
      'ref': $reference({'resourceType': 'Patient', 'id': '123'})
    }`);
    expect(report.result).toEqual({
      cap: 'Ann Lee',
      num: false,
      first: 5,
      ref: 'urn:uuid:1a354dc9-64fa-54fa-8e1b-79e506d08c67',
    });
  });
});

describe('saved mappings as functions (§6.10)', () => {
  it('bind $a in a new frame and default to the context value', async () => {
    const table = { greet: `'testing binding of $a: ' & $a`, upper: `$uppercase(name)` };
    expect((await verbose(`$greet({}, {"a": "a"})`, undefined, table)).result).toBe(
      'testing binding of $a: a',
    );
    expect((await verbose(`$upper()`, undefined, table)).result).toBe('ANN LEE');
    expect((await verbose(`$upper({'name': 'bo'})`, undefined, table)).result).toBe('BO');
  });

  it('evaluate in the caller environment (dynamic scoping)', async () => {
    const table = { m: `$uppercase($)` };
    expect((await verbose(`($uppercase := function(){'X'}; $m('a'))`, undefined, table)).result).toBe('X');
  });

  it('raise F3002, F3001, F3006 and F3008', async () => {
    const table = { bad: `(`, fails: `$number('x')`, notText: 42 };
    const codes = async (src: string) =>
      (await verbose(src, undefined, { ...table, broken: '' })).diagnostics.error[0];
    expect(await codes(`$bad()`)).toMatchObject({
      code: 'F3002',
      message: expect.stringMatching(/^Failed to parse mapping "bad": /),
    });
    expect(await codes(`$fails()`)).toMatchObject({
      code: 'F3001',
      sourceErrorCode: 'D3030',
      message: 'Failed to evaluate mapping "fails": Unable to cast value to a number: "x"',
    });
    expect(await codes(`$broken()`)).toMatchObject({
      code: 'F3006',
      message: 'Failed to retrieve mapping "broken" from cache: disk on fire',
    });
    expect(await codes(`$notText()`)).toMatchObject({ code: 'F3008', valueType: 'number' });
  });
});

describe('FHIR server functions through the engine', () => {
  let server: FhirTestServer;
  beforeAll(async () => {
    server = await startFhirTestServer();
    await server.repo.updateResource({ resourceType: 'Patient', id: 'e2e1', name: [{ family: 'Endtoend' }] });
  });
  afterAll(() => server.close());

  it('resolve and search with the host client, F5200 without it', async () => {
    const withClient = createEngine({
      fhir: () => undefined,
      services: { fhirClient: createFhirClient({ baseUrl: server.baseUrl }) },
    });
    const compiled = await withClient.compile(
      `{'id': $resolve('Patient/e2e1').id, 'total': $search('Patient', {'family': 'Endtoend'}).total}`,
    );
    expect(await compiled.evaluate(null)).toEqual({ id: 'e2e1', total: 1 });
    const report = await (await engine.compile(`$literal('Patient?family=Endtoend')`)).evaluateVerbose(null);
    expect(report).toMatchObject({
      status: 206,
      diagnostics: { error: [expect.objectContaining({ code: 'F5200' })] },
    });
  });
  it('switch connections with $useFhirServer for the rest of the block only', async () => {
    const resolver = { names: () => ['test'], resolve: () => createFhirClient({ baseUrl: server.baseUrl }) };
    const hosted = createEngine({ fhir: () => undefined, services: { fhirConnectionResolver: resolver } });
    const compiled = await hosted.compile(
      `[($useFhirServer('test'); $resourceId('Patient/e2e1')), $safe(function(){ $capabilities() })().error.code]`,
    );
    expect(await compiled.evaluate(null)).toEqual(['e2e1', 'F5200']);
  });
});

describe('builtinAliases', () => {
  it('hold the §9.7 table', () => {
    expect(Object.keys(builtinAliases)).toHaveLength(13);
    expect(builtinAliases['loinc']).toBe('http://loinc.org');
    expect(builtinAliases['extApartment']).toBe(
      'http://hl7.org/fhir/StructureDefinition/iso21090-ADXP-unitID',
    );
  });
});
