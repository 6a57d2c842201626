import { describe, expect, test } from 'vitest';
import { tokenize } from '../src/syntax/tokenizer.js';
import { r4Engine } from './helpers/test-engine.js';

describe('regex literals', () => {
  test('an escaped bracket is a character of the pattern, not the start of a group', async () => {
    const source = String.raw`$contains($, /\[\[|,\[|\{\}/)`;
    expect(tokenize(source).filter((t) => t.type === 'regex')).toHaveLength(1);
    const compiled = await (await r4Engine()).compile(source);
    expect(await compiled.evaluate('[[1]]')).toBe(true);
    expect(await compiled.evaluate('a,[b')).toBe(true);
    expect(await compiled.evaluate('{}')).toBe(true);
    expect(await compiled.evaluate('[1]')).toBe(false);
  });

  test('brackets that group still have to close before the ending slash', async () => {
    const compiled = await (await r4Engine()).compile(String.raw`$replace($, /([a-c])\]/, 'x')`);
    expect(await compiled.evaluate('b]c]z]')).toBe('xxz]');
  });
});
