import { describe, expect, test } from 'vitest';
import { r4Engine } from './helpers/test-engine.js';

describe('a condition without else as the value of an object key', () => {
  test('the keys after it are still keys (no F1104)', async () => {
    const compiled = await (
      await r4Engine()
    ).compile("{ 'k': $.a ? 'yes', 'j': $.b ? 'b' : 'not b', 'l': [$.a ? 1, 2] }");
    expect(await compiled.evaluate({ a: true, b: false })).toEqual({ k: 'yes', j: 'not b', l: [1, 2] });
    expect(await compiled.evaluate({ a: false, b: true })).toEqual({ j: 'b', l: [2] });
  });

  test('in a block, the next expression after `;` keeps its own condition', async () => {
    const compiled = await (await r4Engine()).compile("($x := $ ? 'a'; { 'k': $x, 'j': $ ? 'b' : 'c' })");
    expect(await compiled.evaluate(false)).toEqual({ j: 'c' });
  });

  test('a key with no value is still refused', async () => {
    await expect((await r4Engine()).compile("{ 'k': $.a ? 1, 'j' }")).rejects.toMatchObject({
      code: 'F1104',
    });
  });
});
