import { describe, expect, it } from 'vitest';
import { frame, MllpFramer, type Frame } from './framer.js';

const texts = (frames: Frame[]) =>
  frames.map((f) => (f.kind === 'message' ? f.bytes.toString('latin1') : '!'));

describe('MllpFramer', () => {
  it('splits pipelined frames and frames cut anywhere across chunks', () => {
    const wire = Buffer.concat([frame('MSH|a\r'), frame('MSH|b\r'), frame('MSH|c\r')]);
    for (let cut = 1; cut < wire.length; cut++) {
      const framer = new MllpFramer(1024);
      const got = [...framer.push(wire.subarray(0, cut)), ...framer.push(wire.subarray(cut))];
      expect(texts(got)).toEqual(['MSH|a\r', 'MSH|b\r', 'MSH|c\r']);
      expect(framer.skipped).toBe(0);
    }
  });

  it('skips bytes outside frames and drops a frame a new VT interrupts', () => {
    const framer = new MllpFramer(1024);
    const got = framer.push(Buffer.from('noise\x0bMSH|lost\x0bMSH|kept\r\x1c\r'));
    expect(texts(got)).toEqual(['MSH|kept\r']);
    expect(framer.skipped).toBe('noise'.length + 'MSH|lost'.length);
  });

  it('keeps only the first bytes of a frame over the limit, and reports its size', () => {
    const framer = new MllpFramer(1024);
    const big = `MSH|${'x'.repeat(5000)}`;
    const [only] = framer.push(frame(big));
    expect(only).toMatchObject({ kind: 'oversize', size: big.length });
    expect(only!.kind === 'oversize' && only.head.toString('latin1')).toBe(big.slice(0, 1024));
  });
});
