import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/start-built-server.js';
import { guideFiles, parseGuideMarkdown, savedAs } from './guide-examples.js';

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
    [
      'two mapx blocks',
      `<!-- example: a -->\n${fence('mapx', '1')}\n${fence('mapx', '2')}`,
      'more than one mapx',
    ],
    ['an unknown input format', `<!-- example: a -->\n${fence('yaml input', 'a: 1')}`, 'not "yaml"'],
    ['an unknown block', `<!-- example: a -->\n${fence('json result', '1')}`, 'is not one of the example'],
    [
      'a name that is no mapping id',
      `<!-- example: my-example -->\n${fence('mapx', '1')}`,
      'letters and digits',
    ],
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

/** JSONata 2's standard library: each function mapx supports (all of them) has a reference entry. */
const JSONATA_FUNCTIONS = [
  'string',
  'length',
  'substring',
  'substringBefore',
  'substringAfter',
  'uppercase',
  'lowercase',
  'trim',
  'pad',
  'contains',
  'split',
  'join',
  'match',
  'replace',
  'eval',
  'base64encode',
  'base64decode',
  'encodeUrlComponent',
  'encodeUrl',
  'decodeUrlComponent',
  'decodeUrl',
  'number',
  'abs',
  'floor',
  'ceil',
  'round',
  'power',
  'sqrt',
  'random',
  'formatNumber',
  'formatBase',
  'formatInteger',
  'parseInteger',
  'sum',
  'max',
  'min',
  'average',
  'boolean',
  'not',
  'exists',
  'count',
  'append',
  'sort',
  'reverse',
  'shuffle',
  'distinct',
  'zip',
  'keys',
  'lookup',
  'spread',
  'merge',
  'sift',
  'each',
  'error',
  'assert',
  'type',
  'now',
  'millis',
  'fromMillis',
  'toMillis',
  'map',
  'filter',
  'single',
  'reduce',
];
/** The service's own functions (apps/service/src/eval/host-functions.ts). */
const SERVICE_FUNCTIONS = ['parseCsv', 'v2json'];

describe('the function reference', () => {
  const reference = guideFiles(join(ROOT, 'docs/guide/functions'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // the first cell of every table row that names functions: `$warn(msg)`, `$warning(msg)` names two
  const documented = [
    ...readFileSync(join(ROOT, 'docs/functions.md'), 'utf8').matchAll(/^\| (`\$[^|]*)\|/gm),
  ].flatMap((row) => [...row[1]!.matchAll(/`\$(\w+)\(/g)].map((m) => m[1]!));

  it('reads the functions of docs/functions.md', () => {
    expect(documented).toEqual(
      expect.arrayContaining(['startsWith', 'warning', 'translate', 'resolve', 'pLimit']),
    );
    expect(documented.length).toBeGreaterThanOrEqual(40);
  });

  it.each([...new Set([...JSONATA_FUNCTIONS, ...documented, ...SERVICE_FUNCTIONS])])(
    '$%s has a heading of its own with an example under it',
    (name) => {
      const section = new RegExp(`^### [^\\n]*\\$${name}\\b[^\\n]*\\n((?:(?!^###? ).*\\n?)*)`, 'm').exec(
        reference,
      );
      expect(section, `no "### $${name}" heading in docs/guide/functions`).not.toBeNull();
      expect(section![1]).toMatch(/<!-- example: \w+ -->\n```mapx\n/);
    },
  );
});

describe('the links of the guide', () => {
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
  const anchor = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
  const anchorsOf = (file: string) =>
    new Set(
      [
        ...readFileSync(file, 'utf8')
          .replace(/^```[\s\S]*?^```/gm, '')
          .matchAll(/^#{1,6} (.*)$/gm),
      ].map((m) => anchor(m[1]!)),
    );

  it.each(guideFiles(join(ROOT, 'docs/guide')).map((file) => [file.slice(ROOT.length + 1), file]))(
    '%s links to files and headings that exist',
    (_name, file) => {
      const text = readFileSync(file, 'utf8').replace(/^(`{3,})[\s\S]*?^\1/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, hash] = target!.split('#');
        const linked = path ? resolve(dirname(file), path) : file;
        expect(existsSync(linked), `${target} in ${file}`).toBe(true);
        if (hash && linked.endsWith('.md')) expect(anchorsOf(linked), `${target} in ${file}`).toContain(hash);
      }
    },
  );
});
