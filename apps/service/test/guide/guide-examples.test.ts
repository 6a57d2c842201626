import { describe, expect, it } from 'vitest';
import { parseGuideMarkdown, savedAs } from './guide-examples.js';

const fence = (info: string, text: string) => `\`\`\`${info}\n${text}\n\`\`\``;

describe('reading the guide examples', () => {
  it('reads an example with its mapping, input, output and explain blocks, and a saved mapping', () => {
    const md = [
      '# Title',
      '<!-- example: first -->',
      fence('mapx', 'a.b'),
      fence('csv input', 'a\n1'),
      fence('json output', '"1"'),
      fence('json explain', '{}'),
      'Prose.',
      '<!-- mapping: helper -->',
      fence('mapx', '$ + 1'),
      'A fragment:',
      fence('text', 'not run'),
    ].join('\n');
    expect(parseGuideMarkdown(md, 'g.md')).toEqual([
      {
        kind: 'example',
        name: 'first',
        at: 'g.md:2',
        mapx: 'a.b',
        input: { language: 'csv', text: 'a\n1' },
        output: '"1"',
        explain: '{}',
      },
      { kind: 'mapping', name: 'helper', at: 'g.md:17', mapx: '$ + 1' },
    ]);
  });

  it('text ends an example; a longer fence shows an example without being one', () => {
    const md = [
      '<!-- example: one -->',
      fence('mapx', '1'),
      fence('json error', '{"code": "X", "message": "m"}'),
      '## Next',
      '````markdown',
      '<!-- example: shown -->',
      fence('mapx', '2'),
      '````',
    ].join('\n');
    const entries = parseGuideMarkdown(md, 'g.md');
    expect(entries.map((e) => e.name)).toEqual(['one']);
    expect(entries[0]).toMatchObject({ error: '{"code": "X", "message": "m"}' });
  });

  it.each([
    ['a mapx block outside a marker', fence('mapx', '1'), 'outside an example or mapping marker'],
    ['an example without output', `<!-- example: a -->\n${fence('mapx', '1')}`, 'one output or error block'],
    [
      'both output and error',
      `<!-- example: a -->\n${fence('mapx', '1')}\n${fence('json output', '1')}\n${fence('json error', '{}')}`,
      'one output or error block',
    ],
    ['two mapx blocks', `<!-- example: a -->\n${fence('mapx', '1')}\n${fence('mapx', '2')}`, 'more than one mapx'],
    ['an unknown input format', `<!-- example: a -->\n${fence('yaml input', 'a: 1')}`, 'not "yaml"'],
    ['an unknown block', `<!-- example: a -->\n${fence('json result', '1')}`, 'is not one of the example'],
    ['a name that is no mapping id', `<!-- example: my-example -->\n${fence('mapx', '1')}`, 'letters and digits'],
    ['an unclosed block', `<!-- example: a -->\n\`\`\`mapx\n1`, 'never closed'],
  ])('refuses %s', (_title, md, message) => {
    expect(() => parseGuideMarkdown(md, 'g.md')).toThrow(message);
  });

  it('examples are saved under a prefix, saved mappings under their own name', () => {
    expect(savedAs({ kind: 'example', name: 'translateCode', at: '', mapx: '', output: '1' })).toBe(
      'guideExampleTranslateCode',
    );
    expect(savedAs({ kind: 'mapping', name: 'humanName', at: '', mapx: '' })).toBe('humanName');
  });
});
