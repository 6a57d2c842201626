/**
 * Offsets of the bytes that are not valid UTF-8, one per maximal invalid subpart (the unit a decoder replaces
 * with U+FFFD, WHATWG Encoding §4.1), at most `limit`; `count` is the total.
 */
export function invalidUtf8Offsets(b: Uint8Array, limit: number): { offsets: number[]; count: number } {
  const offsets: number[] = [];
  let count = 0;
  let i = 0;
  while (i < b.length) {
    const x = b[i]!;
    if (x < 0x80) {
      i++;
      continue;
    }
    const [need, lo, hi] = leadByte(x);
    let j = 1;
    while (j <= need) {
      const y = b[i + j];
      if (y === undefined || y < (j === 1 ? lo : 0x80) || y > (j === 1 ? hi : 0xbf)) break;
      j++;
    }
    if (need > 0 && j > need) {
      i += need + 1;
      continue;
    }
    if (count++ < limit) offsets.push(i);
    i += need > 0 ? j : 1;
  }
  return { offsets, count };
}

/** Continuation bytes a lead byte needs and the allowed range of the first one (0 needed: invalid lead). */
function leadByte(x: number): [number, number, number] {
  if (x >= 0xc2 && x <= 0xdf) return [1, 0x80, 0xbf];
  if (x >= 0xe0 && x <= 0xef) return [2, x === 0xe0 ? 0xa0 : 0x80, x === 0xed ? 0x9f : 0xbf];
  if (x >= 0xf0 && x <= 0xf4) return [3, x === 0xf0 ? 0x90 : 0x80, x === 0xf4 ? 0x8f : 0xbf];
  return [0, 0, 0];
}
