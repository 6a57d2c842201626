/**
 * v2DatatypeDTM, every date of every standard map: a v2 DTM/TS/DT becomes FHIR date or dateTime text when the
 * calendar and the clock allow it, and nothing, with a warning, when they do not (HL7 v2 chapter 2A; FHIR R4
 * dateTime). The expected values are the calendar's, not the map's.
 */
import { describe, expect, test } from 'vitest';
import { evaluateMapping } from './harness.js';

async function dtm(input: unknown, bindings: Record<string, unknown> = {}) {
  const report = await evaluateMapping('v2DatatypeDTM', input, bindings);
  const warnings = (report.diagnostics.warning ?? []).map((w) => (w as { message: string }).message);
  return { value: report.result, warnings };
}

describe('v2DatatypeDTM', () => {
  test.each([
    ['20240229', '2024-02-29'],
    ['20000229', '2000-02-29'],
    ['20230430', '2023-04-30'],
    ['20231231', '2023-12-31'],
    ['202301', '2023-01'],
    ['2023', '2023'],
    ['20230405204512+0300', '2023-04-05T20:45:12+03:00'],
    ['202304052045-0500', '2023-04-05T20:45:00-05:00'],
    ['20230405204512.1234Z', '2023-04-05T20:45:12.1234Z'],
  ])('%s is %s', async (text, expected) => {
    expect(await dtm(text)).toEqual({ value: expected, warnings: [] });
  });

  test.each([
    ['20230229', 'not a leap year'],
    ['19000229', 'a century not divisible by 400'],
    ['20230431', 'April has 30 days'],
    ['20231301', 'no 13th month'],
    ['20230001', 'no month 0'],
    ['20230100', 'no day 0'],
    ['20230405240000+0000', 'no hour 24'],
    ['20230405236000+0000', 'no minute 60'],
    ['20230405204512+1500', 'no offset beyond 14 hours'],
    ['2023-04-05 and more', 'not a date'],
  ])('%s is left out with a warning (%s)', async (text) => {
    const { value, warnings } = await dtm(text);
    expect(value).toBeUndefined();
    expect(warnings).toEqual([`v2 date "${text}" is not a valid date/time; left out`]);
  });

  test('a time without an offset takes $v2TimeZone, else only its date is kept, with a warning', async () => {
    expect(await dtm('20230405204512', { v2TimeZone: 'Z' })).toEqual({
      value: '2023-04-05T20:45:12Z',
      warnings: [],
    });
    const { value, warnings } = await dtm('20230405204512', { field: 'PV1-44' });
    expect(value).toBe('2023-04-05');
    expect(warnings).toEqual([
      'v2 PV1-44 "20230405204512" has no time zone; only the date 2023-04-05 is kept (set $v2TimeZone to keep the time)',
    ]);
  });

  test('precision: a date keeps the date; an instant needs seconds and a zone', async () => {
    expect((await dtm('20230405204512+0300', { precision: 'date' })).value).toBe('2023-04-05');
    expect((await dtm('20230405204512+0300', { precision: 'instant' })).value).toBe(
      '2023-04-05T20:45:12+03:00',
    );
    const noZone = await dtm('20230405204512', { precision: 'instant' });
    expect(noZone.value).toBeUndefined();
    expect(noZone.warnings[0]).toContain('has no time zone; an instant needs one');
    const noTime = await dtm('20230405', { precision: 'instant' });
    expect(noTime.value).toBeUndefined();
    expect(noTime.warnings[0]).toContain('is not precise to the second');
  });

  test('a TS object gives its time; an empty or missing value gives nothing, silently', async () => {
    expect((await dtm({ Time: '20230405' })).value).toBe('2023-04-05');
    expect(await dtm('  ')).toEqual({ value: undefined, warnings: [] });
    expect(await dtm({ DegreeOfPrecision: 'D' })).toEqual({ value: undefined, warnings: [] });
  });
});
