import { describe, expect, test } from 'vitest';
import { closest, editDistance } from './edit-distance.js';

describe('bounded edit distance', () => {
  test.each([
    ['kitten', 'sitting', 3],
    ['birthdate', 'birthDate', 0.5],
    ['valueQuantty', 'valueQuantity', 1],
    ['', 'abc', 3],
  ])('%s → %s is %d', (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
  });

  test('stops above the bound, and refuses names longer than 64 characters', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(editDistance('a'.repeat(65), 'a'.repeat(65), 3)).toBe(4);
  });

  test('closest: within 1 edit for short names, 3 for long ones; nothing when all are far', () => {
    expect(closest('nme', ['name', 'gender'])).toBe('name');
    expect(closest('id', ['text'])).toBeUndefined();
    expect(closest('Systolc', ['SystolicBP', 'DiastolicBP'])).toBe('SystolicBP');
    expect(closest('nosuch', ['name', 'gender', 'birthDate'])).toBeUndefined();
  });
});
