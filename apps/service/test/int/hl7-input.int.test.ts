import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const adt = (version: string) =>
  `MSH|^~\\&|APP|FAC|||20230405||ADT^A01^ADT_A01|C1|P|${version}\rPID|1||42||Doe^Jane||19800102`;

describe('HL7 v2 input through the service', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-hl7-'));
    writeFileSync(join(folder, 'family.mapx'), 'PID.PatientName.FamilyName.Surname');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const evaluate = (input: string, contentType: string, query = '') =>
    t.app.inject({ method: 'POST', url: `/${query}`, payload: { mapx: '$', input, contentType } });

  it.each([
    'x-application/hl7-v2+er7',
    'application/hl7-v2',
    'application/hl7-v2+er7',
    'Application/HL7-v2; charset=utf-8',
  ])('POST / accepts %s', async (type) => {
    const res = await evaluate(adt('2.5.1'), type);
    expect(res.statusCode).toBe(200);
    expect(res.json().MSH.MessageControlID).toBe('C1');
  });

  it('a 2.8 message with a BOM is 200; verbose shows the version substitution', async () => {
    const res = await evaluate(`\uFEFF${adt('2.8')}`, 'x-application/hl7-v2+er7', '?verbose=true');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.result.PID.PatientName.FamilyName.Surname).toBe('Doe');
    expect(report.diagnostics.warning).toEqual([
      expect.objectContaining({ code: 'HL7_VERSION_SUBSTITUTED', level: 'warning', line: 1 }),
    ]);
  });

  it('an empty batch is [] with an HL7_EMPTY_BATCH warning', async () => {
    const res = await evaluate('BHS|^~\\&|APP\rBTS|0\r', 'application/hl7-v2', '?verbose=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: [], diagnostics: { warning: [{ code: 'HL7_EMPTY_BATCH' }] } });
  });

  it('a saved mapping runs on a body sent as application/hl7-v2', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/family',
      payload: `\u000b${adt('2.9')}\r\u001c\r`,
      headers: { 'content-type': 'application/hl7-v2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('Doe');
  });

  it('every 415 lists the accepted media types', async () => {
    const res = await evaluate(adt('2.5.1'), 'text/hl7');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(
      /accepted media types: .*application\/hl7-v2, application\/hl7-v2\+er7/,
    );
    const verbose = await evaluate(adt('2.5.1'), 'text/hl7', '?verbose=true');
    expect(verbose.json().diagnostics.error[0].message).toMatch(
      /accepted media types: .*x-application\/hl7-v2\+er7/,
    );
  });
});
