import { describe, expect, it } from 'vitest';
import { completionContext, indentationOf, rulePath, splitFlashPath } from './completion-context.js';

function at(source: string): ReturnType<typeof completionContext> {
  const marker = source.indexOf('|');
  const text = source.slice(0, marker) + source.slice(marker + 1);
  const lines = text.split('\n');
  const lineIndex = source.slice(0, marker).split('\n').length - 1;
  const column = marker - source.lastIndexOf('\n', marker - 1) - 1;
  return completionContext(lines, lineIndex, column);
}

describe('completionContext', () => {
  it('offers structure definitions after InstanceOf:', () => {
    expect(at('InstanceOf: b|')).toEqual({ kind: 'instanceOf', prefix: 'b' });
    expect(at('$p := (InstanceOf: |')).toEqual({ kind: 'instanceOf', prefix: '' });
  });

  it('offers children of the block root on a top-level rule', () => {
    expect(at('InstanceOf: bp\n* status = "final"\n* comp|')).toEqual({
      kind: 'elementPath',
      type: 'bp',
      parentPath: '',
      prefix: 'comp',
    });
  });

  it('follows nested rules and typed segments to the parent element', () => {
    const source = 'InstanceOf: bp\n* component[SystolicBP]\n  * code\n  * value.|';
    expect(at(source)).toEqual({
      kind: 'elementPath',
      type: 'bp',
      parentPath: 'component[SystolicBP].value',
      prefix: '',
    });
  });

  it('skips contexts, sibling rules and deeper children of siblings', () => {
    const source =
      'Instance: $uuid()\nInstanceOf: Patient\n* (phones).telecom\n  * system = "phone"\n  * use|';
    expect(at(source)).toMatchObject({ type: 'Patient', parentPath: 'telecom', prefix: 'use' });
    const siblings = 'InstanceOf: Patient\n* name\n  * given = "a"\n* identifier\n  * sys|';
    expect(at(siblings)).toMatchObject({ parentPath: 'identifier', prefix: 'sys' });
  });

  it('keeps URL slices whole', () => {
    const source = 'InstanceOf: Patient\n* extension[http://a.org/x.y].val|';
    expect(at(source)).toMatchObject({ parentPath: 'extension[http://a.org/x.y]', prefix: 'val' });
  });

  it('offers functions after $ and nothing outside a block', () => {
    expect(at('$uppercase($str|')).toEqual({ kind: 'function', prefix: '$str' });
    expect(at('* name|')).toBeUndefined();
    expect(at('1 + 2|')).toBeUndefined();
  });
});

describe('path helpers', () => {
  it('counts tabs as two columns and reads rule paths', () => {
    expect(indentationOf('\t  * a')).toBe(4);
    expect(rulePath('  * ((a)).b.c[x] = 1')).toBe('b.c[x]');
    expect(rulePath('$x := 1')).toBeUndefined();
    expect(splitFlashPath('a[b.c].d')).toEqual(['a[b.c]', 'd']);
  });
});
