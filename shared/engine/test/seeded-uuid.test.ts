import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { seededUuid } from '../src/index.js';

/** §5.9 written out on bytes: SHA-1 of the UTF-8 text, first 16 bytes, version nibble 5, variant bits 10. */
function fromBytes(text: string): string {
  const b = createHash('sha1').update(text, 'utf8').digest();
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

describe('seeded UUID', () => {
  test('the bytes of §5.9 for texts of every length up to 300, ASCII and multi-byte', () => {
    const alphabet = 'aZ09 -_/"\\é中😀\u0000';
    let seen = 0;
    for (let n = 0; n <= 300; n++) {
      let text = '';
      for (let i = 0; i < n; i++) text += alphabet[(i * 7 + n) % alphabet.length];
      expect(seededUuid(text)).toBe(fromBytes(text));
      seen++;
    }
    // every variant digit (8, 9, a, b) occurs among them: each of the two low bits is carried over
    const variants = new Set(Array.from({ length: 64 }, (_, i) => seededUuid(`v${i}`)[19]));
    expect([...variants].sort()).toEqual(['8', '9', 'a', 'b']);
    expect(seen).toBe(301);
  });

  test('a non-string seed is hashed as its compact JSON', () => {
    const seed = { resourceType: 'Patient', name: [{ family: 'Levi' }] };
    expect(seededUuid(seed)).toBe(fromBytes(JSON.stringify(seed)));
    expect(seededUuid(42)).toBe(fromBytes('42'));
    expect(seededUuid(undefined)).toBe(fromBytes('undefined'));
  });
});
