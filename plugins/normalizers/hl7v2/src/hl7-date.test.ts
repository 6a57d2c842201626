import { describe, expect, it } from 'vitest';
import { convertHl7Date, convertHl7DateTime } from './hl7-date.js';

describe('convertHl7Date', () => {
  it.each([
    ['1980', '1980'],
    ['198001', '1980-01'],
    ['19800102', '1980-01-02'],
    ['20240229', '2024-02-29'],
  ])('%s → %s', (text, iso) => expect(convertHl7Date(text)).toBe(iso));

  it.each(['1980010', 'tomorrow', '19801345', '198013', '19800230', '20230229', '19800100'])(
    '%s is not a date',
    (text) => expect(convertHl7Date(text)).toBeUndefined(),
  );
});

describe('convertHl7DateTime', () => {
  it.each([
    ['2023', '2023'],
    ['20230405', '2023-04-05'],
    ['2023040520', '2023-04-05T20'],
    ['202304052150', '2023-04-05T21:50'],
    ['20230405204512', '2023-04-05T20:45:12'],
    ['20230405204512.1234+0300', '2023-04-05T20:45:12.1234+03:00'],
    ['202304052045-0500', '2023-04-05T20:45-05:00'],
    ['20230405+0300', '20230405+0300'],
    ['20161231235960', '2016-12-31T23:59:60'],
  ])('%s → %s', (text, iso) => expect(convertHl7DateTime(text)).toBe(iso));

  it.each([
    '2023-04-05',
    '20230405204512+03',
    '19801345',
    '2023040524',
    '202304052360',
    '20230405235961',
    '202304052045+1500',
    '202304052045+0075',
  ])('%s is not a date/time', (text) => expect(convertHl7DateTime(text)).toBeUndefined());
});
