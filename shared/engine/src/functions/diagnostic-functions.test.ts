import { describe, expect, it } from 'vitest';
import { createTestContext, evaluateIn } from '../../test/functions/call-context.js';

describe('$trace / $info / $warn / $warning', () => {
  it('return their value and report coded diagnostics with the call site', async () => {
    const ctx = createTestContext();
    expect(await evaluateIn(ctx, `$trace({'a': 1}, 'obj')`)).toEqual({ a: 1 });
    expect(await evaluateIn(ctx, `{"x": 1, "w": $warn("careful")}`)).toEqual({ x: 1 });
    await evaluateIn(ctx, `$info('note')`);
    await evaluateIn(ctx, `$warning('w2')`);
    await evaluateIn(ctx, `$trace(5, 'n', 'projected')`);
    expect(ctx.reported).toEqual([
      expect.objectContaining({ code: 'F5600', message: 'obj: {"a":1}', label: 'obj', value: { a: 1 } }),
      expect.objectContaining({ code: 'F5320', message: 'careful', executionId: ctx.executionId, line: 1 }),
      expect.objectContaining({ code: 'F5500', message: 'note' }),
      expect.objectContaining({ code: 'F5320', message: 'w2' }),
      expect.objectContaining({ code: 'F5600', message: 'n: projected', value: 5 }),
    ]);
  });

  it('never throw, even when the policy throws at their severity', async () => {
    const ctx = createTestContext({ throwLevel: 70 });
    expect(await evaluateIn(ctx, `($warn('w'); $info('i'); $trace(1, 't'))`)).toBe(1);
    expect(ctx.reported.map((d) => d['code'])).toEqual(['F5320', 'F5500', 'F5600']);
  });
});
