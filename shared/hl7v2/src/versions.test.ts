import { describe, expect, it } from 'vitest';
import { HL7_V2_VERSIONS, isHl7v2Version, versionRank } from './versions.js';

describe('HL7 v2 versions', () => {
  it('lists every version from 2.1 to 2.9 once, oldest first', () => {
    expect(HL7_V2_VERSIONS[0]).toBe('2.1');
    expect(HL7_V2_VERSIONS.at(-1)).toBe('2.9');
    expect(new Set(HL7_V2_VERSIONS).size).toBe(HL7_V2_VERSIONS.length);
    const numbers = HL7_V2_VERSIONS.map((v) => v.split('.').map(Number));
    for (let i = 1; i < numbers.length; i++) {
      const [a, b] = [numbers[i - 1]!, numbers[i]!];
      const later = b[0]! - a[0]! || b[1]! - a[1]! || (b[2] ?? 0) - (a[2] ?? 0);
      expect(later, `${HL7_V2_VERSIONS[i - 1]} before ${HL7_V2_VERSIONS[i]}`).toBeGreaterThan(0);
    }
  });

  it('ranks versions in order and knows no others', () => {
    expect(versionRank('2.3')).toBeLessThan(versionRank('2.3.1'));
    expect(versionRank('2.5.1')).toBeLessThan(versionRank('2.6'));
    expect(versionRank('2.8.2')).toBeLessThan(versionRank('2.9'));
    expect(versionRank('3.0')).toBe(-1);
    expect(versionRank('constructor')).toBe(-1);
    expect(isHl7v2Version('2.7.1')).toBe(true);
    expect(isHl7v2Version('2.5.0')).toBe(false);
    expect(isHl7v2Version('__proto__')).toBe(false);
  });
});
