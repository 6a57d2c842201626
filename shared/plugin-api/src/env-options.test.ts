import { describe, expect, it } from 'vitest';
import { parseFlag, parseInteger, parseOptionalText, pickEnv } from './env-options.js';

describe('parseFlag', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    [' TRUE ', true],
    ['1', true],
    ['Yes', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['NO', false],
    [' off', false],
  ])('%j → %j', (value, expected) => {
    expect(parseFlag(value)).toBe(expected);
  });

  it.each([['maybe'], [''], ['  '], ['y'], ['2'], [1], [0], [null], [undefined], [{}]])(
    'refuses %j',
    (value) => {
      expect(parseFlag(value)).toBeUndefined();
    },
  );
});

describe('parseInteger', () => {
  it.each([
    [0, 0],
    [-1, -1],
    [5000, 5000],
    ['5000', 5000],
    [' -5 ', -5],
    ['+7', 7],
    ['007', 7],
  ])('%j → %j', (value, expected) => {
    expect(parseInteger(value)).toBe(expected);
  });

  it.each([
    [1.5],
    [Number.NaN],
    [Infinity],
    [2 ** 53],
    ['9007199254740993'],
    ['5s'],
    ['1.5'],
    ['1e3'],
    [''],
    ['-'],
    [true],
    [null],
  ])('refuses %j', (value) => {
    expect(parseInteger(value)).toBeUndefined();
  });
});

describe('parseOptionalText', () => {
  it('trims configured text', () => {
    expect(parseOptionalText('  ./maps ')).toBe('./maps');
    expect(parseOptionalText('n/a2')).toBe('n/a2');
  });

  it.each([[undefined], [''], ['   '], ['n/a'], [' N/A ']])('%j means not configured', (value) => {
    expect(parseOptionalText(value)).toBeUndefined();
  });
});

describe('pickEnv', () => {
  it('keeps the variables that are set, under their option names, untouched', () => {
    const env = { A_FOLDER: ' ./maps ', A_WATCH: 'yes', A_BLANK: '  ', OTHER: 'x' };
    const mapping = { A_FOLDER: 'folder', A_WATCH: 'watch', A_BLANK: 'blank', A_ABSENT: 'absent' };
    expect(pickEnv(env, mapping)).toEqual({ folder: ' ./maps ', watch: 'yes' });
  });
});
