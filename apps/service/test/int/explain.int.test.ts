import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const ADT = [
  'MSH|^~\\&|APP|FAC|||20230405||ADT^A01^ADT_A01|C1|P|2.5.1',
  'EVN|A01|20230405',
  'PID|1||42||Doe^Jane||19800102|F',
  'NK1|1|Doe^John|SPO',
].join('\r');

const PATIENT = [
  'InstanceOf: Patient',
  '* name.family = PID.PatientName.FamilyName.Surname',
  '* gender = PID.AdministrativeSex = "F" ? "female" : "male"',
  '* birthDate = $substring(PID.DateTimeOfBirth.Time, 0, 4)',
  '* deceasedBoolean = PID.PatientDeathIndicator',
].join('\n');

const CSV_MAPPING = 'InstanceOf: Patient\n* ($[id = "2"]).name.family = last';

describe('explain mode through the service', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-explain-'));
    writeFileSync(join(folder, 'csvpatient.mapx'), CSV_MAPPING);
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const post = (query: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/${query}`,
      payload: { mapx: PATIENT, input: ADT, contentType: 'x-application/hl7-v2+er7', ...extra },
    });

  it('POST /?explain=true: rule and input path per element, empty rules, HL7 lines read and unread', async () => {
    const res = await post('?explain=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toMatchObject({ name: [{ family: 'Doe' }], gender: 'female', birthDate: '1980' });
    const el = (path: string) => body.explain.elements.find((e: { path: string }) => e.path === path);
    expect(el('name[0].family')).toMatchObject({
      rule: { line: 2, path: 'name.family', instanceOf: 'Patient' },
      inputs: ['PID.PatientName.FamilyName.Surname'],
      lines: [3],
    });
    expect(el('birthDate')).toMatchObject({ rule: { line: 4 }, inputs: ['PID.DateTimeOfBirth.Time'] });
    expect(body.explain.empty).toEqual([
      expect.objectContaining({ line: 5, path: 'deceasedBoolean', missed: ['PID.PatientDeathIndicator'] }),
    ]);
    // PID (line 3) was read; MSH, EVN and NK1 were not
    expect(body.explain.inputLines).toEqual({ read: [3], unread: [1, 2, 4] });
  });

  it('explain in the body, without verbose, answers the verbose report with its explain section', async () => {
    const res = await post('', { explain: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 200, explain: { elements: expect.any(Array) } });
  });

  it('without explain the answers are unchanged: the raw result, and a verbose report with no explain', async () => {
    const plain = await post('');
    expect(plain.json()).toMatchObject({ resourceType: 'Patient', name: [{ family: 'Doe' }] });
    const verbose = (await post('?verbose=true')).json();
    expect(Object.keys(verbose).sort()).toEqual(['diagnostics', 'executionId', 'ok', 'result', 'status']);
  });

  it('POST /Mapping/{id}/{subroute}?explain=1 on CSV: the rows read and never read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/csvpatient/any/route?explain=1',
      payload: 'id,last\n1,Alpha\n2,Beta\n3,Gamma\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.name).toEqual([{ family: 'Beta' }]);
    expect(body.explain.elements).toContainEqual(
      expect.objectContaining({ path: 'name[0].family', inputs: ['$[1].last'], lines: [3] }),
    );
    // the context's filter read every row's id: every row was read
    expect(body.explain.inputLines).toEqual({ read: [2, 3, 4], unread: [] });
  });

  it('the ADT^A01 → transaction Bundle mapping: same result, every element traced to its FLASH rule', async () => {
    const fixtures = resolve(import.meta.dirname, '../../../../bench/fixtures');
    const payload = {
      mapx: readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8'),
      input: readFileSync(join(fixtures, 'adt-a01.hl7'), 'utf8'),
      contentType: 'x-application/hl7-v2+er7',
    };
    const plain = (await t.app.inject({ method: 'POST', url: '/?verbose=true', payload })).json();
    const explained = (await t.app.inject({ method: 'POST', url: '/?explain=true', payload })).json();
    expect(explained.result).toEqual(plain.result);
    const elements: Array<{ path: string; rule: { line: number; expression?: true }; inputs: string[] }> =
      explained.explain.elements;
    expect(elements.length).toBeGreaterThan(50);
    expect(elements.filter((e) => e.rule.expression)).toEqual([]);
    const byPath = new Map(elements.map((e) => [e.path, e]));
    // through a variable bound in the block ($doctor := PV1.AttendingDoctor), and per repetition of PID-3
    expect(byPath.get('entry[1].resource.name[0].family')?.inputs).toEqual([
      'PV1.AttendingDoctor.FamilyName.Surname',
    ]);
    expect(byPath.get('entry[2].resource.identifier[1].value')?.inputs).toEqual([
      'PID.PatientIdentifierList[1].IDNumber',
    ]);
    expect(explained.explain.empty).toEqual([]);
  });

  it('the OpenAPI document lists the explain parameter on the evaluation routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
    for (const path of ['/', '/Mapping/{mappingId}', '/Mapping/{mappingId}/{subroute}']) {
      const names = (doc.paths[path].post.parameters ?? []).map((p: { name: string }) => p.name);
      expect(names).toContain('explain');
    }
  });
});
