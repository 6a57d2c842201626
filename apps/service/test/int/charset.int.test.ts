import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const NAME = 'M\u00fcller \u201cJos\u00e9\u201d \u20ac';
const LATIN1_NAME = 'M\u00fcller Jos\u00e9';

const hl7 = (name: string, msh18: string) =>
  `MSH|^~\\&|A|B|C|D|20240101||ADT^A01^ADT_A01|1|P|2.5||||||${msh18}\rPID|1||7^^^H^MR||${name}^Anna\r`;

/** The same document in every format: which mapping reads the name, and the text with that name. */
const FORMATS = {
  json: { type: 'application/json', mapping: 'name', text: (n: string) => `{"name":"${n}"}` },
  csv: { type: 'text/csv', mapping: 'name', text: (n: string) => `id,name\n1,${n}\n` },
  xml: { type: 'application/xml', mapping: 'name', text: (n: string) => `<r><name>${n}</name></r>` },
  fhirjson: {
    type: 'application/fhir+json',
    mapping: 'name.family',
    text: (n: string) => `{"resourceType":"Patient","name":[{"family":"${n}"}]}`,
  },
  fhirxml: {
    type: 'application/fhir+xml',
    mapping: 'name.family',
    text: (n: string) => `<Patient xmlns="http://hl7.org/fhir"><name><family value="${n}"/></name></Patient>`,
  },
  hl7: {
    type: 'x-application/hl7-v2+er7',
    mapping: 'PID.PatientName.FamilyName.Surname',
    text: (n: string) => hl7(n, ''),
  },
} as const;

describe('character sets: one decoding step before every normaliser', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-charset-'));
    for (const [id, f] of Object.entries(FORMATS)) writeFileSync(join(folder, `${id}.mapx`), f.mapping);
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const post = (id: string, payload: Buffer, type: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/Mapping/${id}${query}`,
      payload,
      headers: { 'content-type': type },
    });

  for (const [id, f] of Object.entries(FORMATS)) {
    it(`${id}: Latin-1, Windows-1252 (charset parameter) and UTF-16 with BOM decode to the same name`, async () => {
      const latin1 = await post(
        id,
        iconv.encode(f.text(LATIN1_NAME), 'latin1'),
        `${f.type}; charset=iso-8859-1`,
      );
      expect([latin1.statusCode, latin1.json(), latin1.headers.warning]).toEqual([
        200,
        LATIN1_NAME,
        undefined,
      ]);
      const cp1252 = await post(
        id,
        iconv.encode(f.text(NAME), 'windows-1252'),
        `${f.type}; charset=windows-1252`,
      );
      expect(cp1252.json()).toBe(NAME);
      const bom = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(f.text(NAME), 'utf-16le')]);
      expect((await post(id, bom, f.type)).json()).toBe(NAME);
    });
  }

  it('HL7 v2.5 with MSH-18 8859/1 and Latin-1 bytes gives M\u00fcller', async () => {
    const bytes = iconv.encode(hl7('M\u00fcller', '8859/1'), 'latin1');
    const res = await post('hl7', bytes, 'x-application/hl7-v2+er7');
    expect([res.statusCode, res.json()]).toEqual([200, 'M\u00fcller']);
  });

  it('XML with encoding="ISO-8859-1" in its declaration gives M\u00fcller', async () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?>\n<r><name>M\u00fcller</name></r>`;
    const res = await post('xml', iconv.encode(xml, 'latin1'), 'application/xml');
    expect([res.statusCode, res.json()]).toEqual([200, 'M\u00fcller']);
  });

  it('text/csv; charset=iso-8859-1 gives M\u00fcller', async () => {
    const res = await post(
      'csv',
      iconv.encode('name\nM\u00fcller\n', 'latin1'),
      'text/csv; charset=iso-8859-1',
    );
    expect(res.json()).toBe('M\u00fcller');
  });

  it('bytes invalid in the chosen set are a warning with the byte offset, never a silent U+FFFD', async () => {
    const bytes = iconv.encode('name\nM\u00fcller\n', 'latin1');
    const plain = await post('csv', bytes, 'text/csv');
    expect(plain.json()).toBe('M\ufffdller');
    expect(String(plain.headers.warning)).toMatch(
      /^199 mapx "INPUT_CHARSET_INVALID_BYTES: Byte 0xFC at offset 6 /,
    );
    const verbose = await post('csv', bytes, 'text/csv', '?verbose=true');
    expect(verbose.json().diagnostics.warning).toEqual([
      expect.objectContaining({
        code: 'INPUT_CHARSET_INVALID_BYTES',
        position: 6,
        value: '0xFC',
        level: 'warning',
      }),
    ]);
  });

  it('an unknown charset parameter is 415 UNSUPPORTED_CHARSET', async () => {
    const res = await post('json', Buffer.from('{}'), 'application/json; charset=klingon');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_CHARSET' });
  });
});

describe('character sets: the configured default', () => {
  it('MAPX_INPUT_DEFAULT_CHARSET decodes undeclared bytes; an unknown name is refused at start-up', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-charset-'));
    writeFileSync(join(folder, 'csv.mapx'), 'name');
    const t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MAPX_INPUT_DEFAULT_CHARSET: 'windows-1252',
    });
    try {
      await warmedUp(t.app);
      const payload = iconv.encode('name\nM\u00fcller \u20ac\n', 'windows-1252');
      const res = await t.app.inject({
        method: 'POST',
        url: '/Mapping/csv',
        payload,
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.json()).toBe('M\u00fcller \u20ac');
    } finally {
      await t.close();
    }
    await expect(createTestApp({ MAPX_INPUT_DEFAULT_CHARSET: 'klingon' })).rejects.toThrow(
      /MAPX_INPUT_DEFAULT_CHARSET/,
    );
  });
});
