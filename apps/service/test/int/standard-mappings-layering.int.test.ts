/**
 * The built-in standard mappings as a mapping source (@mapx/store-standard): served on their own, the bottom
 * layer beneath the user's stores (a user mapping with the same id wins, deleting it brings the standard one
 * back), never written to, and off with MAPX_STANDARD_MAPPINGS=off. A temp content folder stands in for the
 * package's own mappings (the contentDir option), so that these tests say exactly what each mapping holds.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const HL7 =
  'MSH|^~\\&|APP|FAC|||20230405||ADT^A01^ADT_A01|C1|P|2.5\rPID|1||42^^^HOSP^MR||Doe^Jane||19800102|F';

/** A content folder: an entry mapping that calls a segment map, and a ConceptMap it translates with. */
function standardContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-standard-content-'));
  mkdirSync(join(dir, 'mappings'));
  mkdirSync(join(dir, 'conceptmaps'));
  writeFileSync(join(dir, 'mappings', 'v2ToFhir.mapx'), '{"patient": $v2SegmentPID(PID)}');
  writeFileSync(
    join(dir, 'mappings', 'v2SegmentPID.mapx'),
    '{"family": PatientName.FamilyName.Surname, "gender": $translate(AdministrativeSex, "http://mapx.dev/fhir/ConceptMap/v2-table-0001")}',
  );
  writeFileSync(
    join(dir, 'conceptmaps', 'v2Table0001.json'),
    JSON.stringify({
      resourceType: 'ConceptMap',
      id: 'v2Table0001',
      url: 'http://mapx.dev/fhir/ConceptMap/v2-table-0001',
      status: 'active',
      group: [
        {
          source: 'http://terminology.hl7.org/CodeSystem/v2-0001',
          target: 'http://hl7.org/fhir/administrative-gender',
          element: [
            { code: 'F', target: [{ code: 'female', equivalence: 'equivalent' }] },
            { code: 'M', target: [{ code: 'male', equivalence: 'equivalent' }] },
          ],
        },
      ],
    }),
  );
  return dir;
}

const standardOn = (contentDir: string): Record<string, string> => ({
  MAPX_STANDARD_MAPPINGS: 'on',
  MAPX_PLUGIN_OPTIONS: JSON.stringify({ 'store:standard': { contentDir } }),
});

const postHl7 = (t: TestApp, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/Mapping/${id}`,
    payload: HL7,
    headers: { 'content-type': 'x-application/hl7-v2+er7' },
  });

describe('standard mappings as the only mapping source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(standardOn(standardContent()));
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('lists, reads and runs them; a mapping calls another as a function and translates with their ConceptMap', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).json()).toEqual([
      'v2SegmentPID',
      'v2ToFhir',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping/$standard' })).json()).toEqual([
      { id: 'v2SegmentPID', overridden: false },
      { id: 'v2ToFhir', overridden: false },
    ]);
    const read = await t.app.inject({ method: 'GET', url: '/Mapping/v2ToFhir' });
    expect([read.statusCode, read.body]).toEqual([200, '{"patient": $v2SegmentPID(PID)}']);
    const run = await postHl7(t, 'v2ToFhir');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ patient: { family: 'Doe', gender: 'female' } });
  });

  it('refuses writes: there is no writable store, and the standard one never takes them', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/v2ToFhir',
      payload: '"mine"',
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
    });
    const disabled = { message: 'Mapping writes are disabled or no writable mapping store is configured' };
    expect([put.statusCode, put.json()]).toEqual([409, disabled]);
    const del = await t.app.inject({ method: 'DELETE', url: '/Mapping/v2ToFhir' });
    expect([del.statusCode, del.json()]).toEqual([409, disabled]);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping/v2ToFhir' })).body).toBe(
      '{"patient": $v2SegmentPID(PID)}',
    );
  });
});

describe('standard mappings beneath a user folder', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mapx-user-mappings-'));
    // the user overrides one piece: the standard entry mapping then calls the user's segment map
    writeFileSync(
      join(folder, 'v2SegmentPID.mapx'),
      '{"family": $uppercase(PatientName.FamilyName.Surname)}',
    );
    writeFileSync(join(folder, 'mine.mapx'), '$v2ToFhir()');
    t = await createTestApp({
      ...standardOn(standardContent()),
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
    });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const put = (id: string, text: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/Mapping/${id}`,
      payload: text,
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
    });
  const standardList = async () => (await t.app.inject({ method: 'GET', url: '/Mapping/$standard' })).json();

  it('a user mapping with the same id wins, also where a standard mapping calls it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).json()).toEqual([
      'mine',
      'v2SegmentPID',
      'v2ToFhir',
    ]);
    expect(await standardList()).toEqual([
      { id: 'v2SegmentPID', overridden: true },
      { id: 'v2ToFhir', overridden: false },
    ]);
    expect((await postHl7(t, 'v2ToFhir')).json()).toEqual({ patient: { family: 'DOE' } });
    // a user mapping calls a standard one as a function
    expect((await postHl7(t, 'mine')).json()).toEqual({ patient: { family: 'DOE' } });
  });

  it('writes go to the folder; deleting the override brings the standard mapping back', async () => {
    const created = await put('v2ToFhir', '"overridden"');
    expect(created.statusCode).toBe(201);
    expect(readFileSync(join(folder, 'v2ToFhir.mapx'), 'utf8')).toBe('"overridden"');
    expect((await postHl7(t, 'v2ToFhir')).json()).toBe('overridden');
    expect(await standardList()).toContainEqual({ id: 'v2ToFhir', overridden: true });
    // the standard mapping's own text stays readable beside the override
    const own = await t.app.inject({ method: 'GET', url: '/Mapping/$standard/v2ToFhir' });
    expect([own.statusCode, own.body]).toEqual([200, '{"patient": $v2SegmentPID(PID)}']);
    const none = await t.app.inject({ method: 'GET', url: '/Mapping/$standard/mine' });
    expect([none.statusCode, none.json()]).toEqual([
      404,
      { message: "There is no standard mapping 'mine'", code: 'STANDARD_MAPPING_NOT_FOUND' },
    ]);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/Mapping/v2ToFhir' });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(join(folder, 'v2ToFhir.mapx'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping/v2ToFhir' })).body).toBe(
      '{"patient": $v2SegmentPID(PID)}',
    );
    expect((await postHl7(t, 'v2ToFhir')).json()).toEqual({ patient: { family: 'DOE' } });
    expect(await standardList()).toContainEqual({ id: 'v2ToFhir', overridden: false });
    // and so does a full reload
    expect((await t.app.inject({ method: 'POST', url: '/$recache' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).json()).toEqual([
      'mine',
      'v2SegmentPID',
      'v2ToFhir',
    ]);
  });

  it('a standard mapping without an override cannot be deleted: 409 naming it', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/Mapping/v2ToFhir' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        "Mapping 'v2ToFhir' is a built-in standard mapping and cannot be deleted; PUT a mapping with this id to override it",
    });
  });
});

describe('MAPX_STANDARD_MAPPINGS=off', () => {
  it('with no other source, the mapping routes answer 405 NO_MAPPING_SOURCE', async () => {
    const t = await createTestApp({ MAPX_STANDARD_MAPPINGS: 'off' });
    try {
      for (const url of ['/Mapping', '/Mapping/v2ToFhir', '/Mapping/$standard']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([res.statusCode, res.json().code]).toEqual([405, 'NO_MAPPING_SOURCE']);
      }
    } finally {
      await t.close();
    }
  });

  it('beside a folder, serves only the folder: the standard list is empty', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-user-mappings-'));
    writeFileSync(join(folder, 'mine.mapx'), '1');
    const t = await createTestApp({ MAPX_STANDARD_MAPPINGS: 'off', MAPPINGS_FOLDER: folder });
    try {
      await warmedUp(t.app);
      expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).json()).toEqual(['mine']);
      expect((await t.app.inject({ method: 'GET', url: '/Mapping/$standard' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a value that is not a switch stops start-up naming the variable', async () => {
    await expect(createTestApp({ MAPX_STANDARD_MAPPINGS: 'sometimes' })).rejects.toThrow(
      /MAPX_STANDARD_MAPPINGS/,
    );
  });
});
