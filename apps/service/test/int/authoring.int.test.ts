import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

describe('authoring answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-authoring-'));
    writeFileSync(join(folder, 'my-map.mapx'), '"never served"');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const put = (id: string, payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/Mapping/${id}`,
      payload,
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
    });

  it('PUT of a mapping that does not compile: 201 with the expression, and every compile error on the answer', async () => {
    const source = "InstanceOf: Patient\n* foo = 1\n* name.given = 'a'\n* baz = 2";
    const res = await put('broken', source);
    expect([res.statusCode, res.body]).toEqual([201, source]);
    expect(res.headers['x-mapx-compile']).toBe('failed');
    const diagnostics = JSON.parse(String(res.headers['x-mapx-diagnostics'])) as Record<string, unknown>[];
    expect(diagnostics.map((d) => [d.code, d.line, d.level])).toEqual([
      ['F2002', 2, 'fatal'],
      ['F2002', 4, 'fatal'],
    ]);
    expect(String(res.headers.warning)).toContain('199 mapx "F2002: Invalid element path: element \\"foo\\"');
    const verbose = await t.app.inject({
      method: 'POST',
      url: '/Mapping/broken?verbose=true',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(verbose.json().diagnostics.error.map((d: { code: string }) => d.code)).toEqual(['F2002', 'F2002']);
  });

  it('PUT of a mapping that compiles says ok; a literal the boolean conversion changes is a static warning', async () => {
    const ok = await put('fine', 'InstanceOf: Patient\n* active = true');
    expect([ok.statusCode, ok.headers['x-mapx-compile'], ok.headers['x-mapx-diagnostics']]).toEqual([
      201,
      'ok',
      undefined,
    ]);
    const warned = await put('warned', 'InstanceOf: Patient\n* deceasedBoolean = "N"');
    expect(warned.headers['x-mapx-compile']).toBe('ok');
    const [diag] = JSON.parse(String(warned.headers['x-mapx-diagnostics'])) as Record<string, unknown>[];
    expect(diag).toMatchObject({
      code: 'F5351',
      fhirElement: 'deceasedBoolean',
      value: 'N',
      level: 'warning',
    });
  });

  it('a run-time boolean conversion is a Warning header on a non-verbose answer', async () => {
    await put('flag', 'InstanceOf: Patient\n* deceasedBoolean = dead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/flag',
      payload: 'dead\nN\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.json()).toMatchObject({ deceasedBoolean: true });
    expect(String(res.headers.warning)).toMatch(
      /199 mapx "F5350: The value \\"N\\" for \\"deceasedBoolean\\"/,
    );
  });

  it('a folder file whose name is not a valid mapping id is reported by name, not "could not be found"', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/Mapping/my-map',
        ...(method === 'POST' ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'MAPPING_NAME_INVALID',
        message: expect.stringContaining(
          "Mapping 'my-map' is not served: the mappings folder file my-map.mapx: mapping ids must start with a letter",
        ),
      });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/Mapping/nothere' });
    expect(missing.json()).toMatchObject({ code: 'MAPPING_NOT_FOUND' });
  });
});

describe("the designer's sample mapping", () => {
  it('maps one Patient per CSV row, without warnings', async () => {
    const { SAMPLE_MAPPING } = await import('@mapx/api');
    const t = await createTestApp();
    try {
      await warmedUp(t.app);
      const input = 'mrn,first,last,sex,dob\nA1,Dana,Levi,female,1990-05-17\nA2,Noa,Cohen,male,1991-02-03\n';
      const res = await t.app.inject({
        method: 'POST',
        url: '/?verbose=true',
        payload: { mapx: SAMPLE_MAPPING, input, contentType: 'text/csv' },
      });
      const report = res.json();
      expect(
        report.result.map((p: { name: { given: string[] }[]; birthDate: string }) => [
          p.name[0]!.given,
          p.birthDate,
        ]),
      ).toEqual([
        [['Dana'], '1990-05-17'],
        [['Noa'], '1991-02-03'],
      ]);
      expect(report.diagnostics.warning).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a block over all rows at once warns that single-valued elements received several values (F5353)', async () => {
    const t = await createTestApp();
    try {
      await warmedUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/?verbose=true',
        payload: {
          mapx: 'InstanceOf: Patient\n* gender = sex',
          input: 'sex\nfemale\nmale\n',
          contentType: 'text/csv',
        },
      });
      expect(res.json().result).toMatchObject({ gender: 'male' });
      expect(res.json().diagnostics.warning).toEqual([
        expect.objectContaining({ code: 'F5353', fhirElement: 'gender', value: 'male', level: 'warning' }),
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('PUT /Mapping: the mapping text is decoded, never stored with U+FFFD', () => {
  it('honours a charset parameter, and refuses bytes that are not UTF-8 with 400', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-authoring-'));
    const t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    try {
      await warmedUp(t.app);
      const latin1 = Buffer.from('"Gr\u00fc\u00dfe"', 'latin1');
      const put = (type: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/Mapping/greet',
          payload: latin1,
          headers: { 'content-type': type },
        });
      const bad = await put('text/plain');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^The mapping text cannot be decoded: Byte 0xFC at offset 3 /);
      const ok = await put('text/plain; charset=iso-8859-1');
      expect([ok.statusCode, ok.body]).toEqual([201, '"Gr\u00fc\u00dfe"']);
    } finally {
      await t.close();
    }
  });
});

describe('$parseCsv keeps the normaliser warnings', () => {
  it('a repeated header through $parseCsv is the warning F5354 naming CSV_DUPLICATE_HEADER', async () => {
    const t = await createTestApp();
    try {
      await warmedUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/?verbose=true',
        payload: { mapx: '$parseCsv("a,a\\n1,2")' },
      });
      const report = res.json();
      expect(report.result).toEqual([{ a: '2' }]);
      expect(report.diagnostics.warning).toEqual([
        expect.objectContaining({
          code: 'F5354',
          value: 'a',
          message: expect.stringMatching(
            /^\$parseCsv: CSV_DUPLICATE_HEADER: The header "a" appears in columns 1 and 2/,
          ),
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
