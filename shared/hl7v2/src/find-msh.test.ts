import { describe, expect, it } from 'vitest';
import { findMshSegment } from './find-msh.js';

describe('findMshSegment', () => {
  it('finds the MSH at the start, ending at CR, LF or the MLLP end byte', () => {
    expect(findMshSegment('MSH|^~\\&|A\rPID|1')).toBe('MSH|^~\\&|A');
    expect(findMshSegment('MSH|^~\\&|A\nPID|1')).toBe('MSH|^~\\&|A');
    expect(findMshSegment('MSH|^~\\&|A\u001c\r')).toBe('MSH|^~\\&|A');
    expect(findMshSegment('MSH|^~\\&|A')).toBe('MSH|^~\\&|A');
  });

  it('finds it after the MLLP start byte and after batch header segments', () => {
    expect(findMshSegment('\u000bMSH|^~\\&|B\r')).toBe('MSH|^~\\&|B');
    expect(findMshSegment('FHS|^~\\&|X\rBHS|^~\\&|Y\r\nMSH|^~\\&|C\rPID')).toBe('MSH|^~\\&|C');
  });

  it('takes no MSH that does not start a segment', () => {
    expect(findMshSegment('NTE|1||MSH|^~\\&|D\r')).toBeUndefined();
    expect(findMshSegment('XMSH|^~\\&\rMSH|^~\\&|E')).toBe('MSH|^~\\&|E');
    expect(findMshSegment('')).toBeUndefined();
  });

  it('searches only the first `limit` characters', () => {
    const text = `${'NTE|1\r'.repeat(100)}MSH|^~\\&|F\r`;
    expect(findMshSegment(text, 100)).toBeUndefined();
    expect(findMshSegment(text)).toBe('MSH|^~\\&|F');
    expect(findMshSegment(`MSH|^~\\&|${'x'.repeat(50)}`, 20)).toBe('MSH|^~\\&|xxxxxxxxxxx');
  });
});
