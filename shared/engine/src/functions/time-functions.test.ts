import { describe, expect, it } from 'vitest';
import { call, createTestContext, evaluateIn } from '../../test/functions/call-context.js';

const run = (src: string) => evaluateIn(createTestContext(), src);

describe('$wait', () => {
  it('resolves to undefined after the delay', async () => {
    expect(await run(`$wait(1)`)).toBeUndefined();
    expect(await run(`($wait(1); 'after')`)).toBe('after');
  });

  it('raises T0410 for a non-number', async () => {
    await expect(run(`$wait('x')`)).rejects.toMatchObject({ code: 'T0410', index: 1 });
    await expect(Promise.resolve().then(() => call(createTestContext(), 'wait', 'x'))).rejects.toMatchObject({
      code: 'T0410',
    });
  });
});

describe('$rightNow', () => {
  it('returns epoch millis, or a formatted string with picture aliases', async () => {
    const before = Date.now();
    const ms = (await run(`$rightNow()`)) as number;
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(await run(`$rightNow('date')`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await run(`$rightNow('instant')`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await run(`$rightNow('[Y0001]', '+0100')`)).toMatch(/^\d{4}$/);
  });

  it('raises T0410 for a non-string picture', async () => {
    await expect(run(`$rightNow(5)`)).rejects.toMatchObject({ code: 'T0410' });
  });
});
