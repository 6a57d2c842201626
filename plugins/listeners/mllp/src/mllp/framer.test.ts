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

describe('MllpFramer, one frame at a time', () => {
  it('hands out the frames of one chunk one by one and says while fed bytes remain unread', () => {
    const framer = new MllpFramer(1024);
    const wire = Buffer.concat(Array.from({ length: 1000 }, (_, i) => frame(`MSH|${i}\r`)));
    framer.feed(wire.subarray(0, wire.length - 5));
    const first = framer.next();
    expect(first && texts([first])).toEqual(['MSH|0\r']);
    expect(framer.unread).toBe(true);
    let count = 1;
    while (framer.next()) count++;
    // the last frame is cut: it waits for its end in the next chunk
    expect(count).toBe(999);
    expect(framer.unread).toBe(false);
    expect(framer.partial).toBe(true);
    framer.feed(wire.subarray(wire.length - 5));
    const last = framer.next();
    expect(last && texts([last])).toEqual(['MSH|999\r']);
    expect(framer.partial).toBe(false);
  });

  it('keeps unread bytes when a chunk is fed before the previous one is read through', () => {
    const framer = new MllpFramer(1024);
    framer.feed(Buffer.concat([frame('MSH|a\r'), frame('MSH|b\r')]));
    expect(texts([framer.next()!])).toEqual(['MSH|a\r']);
    framer.feed(frame('MSH|c\r'));
    expect(texts(framer.push(Buffer.alloc(0)))).toEqual(['MSH|b\r', 'MSH|c\r']);
  });
});
