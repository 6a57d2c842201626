import { describe, expect, it } from 'vitest';
import { convertHl7Date, convertHl7DateTime } from './hl7-date.js';

describe('convertHl7Date', () => {
  it.each([
    ['1980', '1980'],
    ['198001', '1980-01'],
    ['19800102', '1980-01-02'],
    ['1980010', '1980010'],
    ['tomorrow', 'tomorrow'],
  ])('%s → %s', (text, iso) => expect(convertHl7Date(text)).toBe(iso));
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
    ['20230405+0300', '2023-04-05'],
    ['2023-04-05', '2023-04-05'],
    ['20230405204512+03', '20230405204512+03'],
  ])('%s → %s', (text, iso) => expect(convertHl7DateTime(text)).toBe(iso));
});
