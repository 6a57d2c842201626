import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flagOption, integerOption, optionalTextOption, timerIntervalOption } from './index.js';

const schema = z.object({
  watch: flagOption.default(false),
  size: integerOption.pipe(z.number().int().min(0)).default(10),
  pollMs: timerIntervalOption.default(5000),
  folder: optionalTextOption,
});

describe('zod option schemas', () => {
  it('take typed JSON and environment text alike', () => {
    expect(schema.parse({ watch: 'ON', size: ' 42 ', pollMs: -1, folder: ' /srv/maps ' })).toEqual({
      watch: true,
      size: 42,
      pollMs: -1,
      folder: '/srv/maps',
    });
    expect(schema.parse({ watch: false, size: 7, folder: 'N/A' })).toEqual({
      watch: false,
      size: 7,
      pollMs: 5000,
      folder: undefined,
    });
  });

  it('refuse what the parsers refuse, and a delay a Node timer cannot wait, under the option path', () => {
    const out = schema.safeParse({ watch: 'maybe', size: '4.5', pollMs: '2147483648' });
    expect(out.success).toBe(false);
    const issues = out.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['watch', 'Invalid input'],
      ['size', 'Invalid input'],
      ['pollMs', 'at most 2147483647 ms (about 24.8 days)'],
    ]);
  });
});
