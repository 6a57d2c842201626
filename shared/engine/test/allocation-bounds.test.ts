import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index.js';

/**
 * Every builder of strings and arrays refuses a result past its limit before building it, with a coded error:
 * one allocation far past V8's own limits would abort the whole process (docs/security.md). Small limits here, so
 * each case runs in milliseconds; the defaults (10,000,000 characters and items) are far below V8's limits.
 */
const engine = createEngine({
  fhir: () => undefined,
  limits: { maxStringLength: 1000, maxSequenceLength: 1000 },
});

async function failureOf(src: string, input: unknown = null): Promise<{ code?: string; message?: string }> {
  try {
    const result = await (await engine.compile(src)).evaluate(input);
    return { code: 'no error', message: JSON.stringify(result)?.slice(0, 80) };
  } catch (e) {
    return e as { code?: string; message?: string };
  }
}

/** Objects that share one sub-value at every level: a few bytes in memory, 2^24 leaves (gigabytes) as text. */
const SHARED =
  '($a := {"l": "xxxxxxxxxx", "r": "xxxxxxxxxx"}; ' +
  Array.from({ length: 24 }, (_, i) => {
    const below = i === 0 ? '$a' : `$l${i - 1}`;
    return `$l${i} := {"l": ${below}, "r": ${below}}`;
  }).join('; ');

describe('strings the engine builds (L1003, MAPX_MAX_STRING_LENGTH)', () => {
  test('$pad: the width, and the width times a long padding text', async () => {
    expect(await failureOf('$pad("", 1001)')).toMatchObject({ code: 'L1003' });
    expect(await failureOf('$pad("", 500, "abc")')).toMatchObject({
      code: 'L1003',
      message:
        '$pad would build a string of 1500 characters, over the limit of 1000 (setting MAPX_MAX_STRING_LENGTH)',
    });
    expect(await failureOf('$length($pad("", 300, "abc"))')).toMatchObject({
      code: 'no error',
      message: '300',
    });
  });

  test('$join', async () => {
    expect(await failureOf('$join([1..30].$pad("", 40, "x"))')).toMatchObject({ code: 'L1003' });
    expect(await failureOf('$length($join([1..20].$pad("", 40, "x")))')).toMatchObject({ message: '800' });
  });

  test('the & operator, also when one side is a value whose text repeats a shared part', async () => {
    expect(await failureOf('$pad("", 600, "x") & $pad("", 600, "x")')).toMatchObject({ code: 'L1003' });
    expect(await failureOf(`${SHARED}; $l23 & "")`)).toMatchObject({
      code: 'L1003',
      message:
        'The & operator would build a string of more than 1000 characters, over the limit of 1000 (setting MAPX_MAX_STRING_LENGTH)',
    });
  });

  test('$string: refused before the text is built, however little memory the value takes', async () => {
    expect(await failureOf('$string([1..300].$pad("", 5, "x"))')).toMatchObject({ code: 'L1003' });
    expect(await failureOf(`${SHARED}; $string($l23))`)).toMatchObject({ code: 'L1003' });
    expect(await failureOf('$string({"a": [1, 2]})')).toMatchObject({ message: '"{\\"a\\":[1,2]}"' });
  });

  test('$replace', async () => {
    expect(await failureOf('$replace($pad("", 100, "x"), "x", "yyyyyyyyyyyy")')).toMatchObject({
      code: 'L1003',
    });
  });
});

describe('sequences and arrays the engine builds (D2015, items)', () => {
  test('ranges', async () => {
    expect(await failureOf('[1..1001]')).toMatchObject({ code: 'D2015' });
    expect(await failureOf('[1..1e9]')).toMatchObject({ code: 'D2014' });
  });

  test('path results (one step over many items, each a shared array)', async () => {
    expect(await failureOf('($r := [1..600]; [1..2].$r)')).toMatchObject({ code: 'D2015' });
    expect(await failureOf('$count(($r := [1..400]; [1..2].$r))')).toMatchObject({ message: '800' });
  });

  test('array constructors and $append', async () => {
    expect(await failureOf('($r := [1..600]; [$r, $r])')).toMatchObject({
      code: 'D2015',
      message: 'The maximum sequence length of 1000 was exceeded.',
    });
    expect(await failureOf('($r := [1..600]; $append($r, $r))')).toMatchObject({ code: 'D2015' });
  });

  test('$map and $filter results over an input array past the limit', async () => {
    const input = { items: Array.from({ length: 1500 }, (_, i) => i) };
    expect(await failureOf('$map(items, function($v){ $v + 1 })', input)).toMatchObject({ code: 'D2015' });
    expect(await failureOf('$filter(items, function($v){ true })', input)).toMatchObject({ code: 'D2015' });
  });
});
