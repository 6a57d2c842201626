import { describe, expect, it } from 'vitest';
import { parseMediaType, type MediaType } from '@mapx/plugin-api';
import { createTestPluginContext, instantiateNormalizer } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

const NBSP = '\u00a0';
const EM = '\u2003';
const IDEO = '\u3000';

async function convert(body: string): Promise<Record<string, unknown>> {
  const normalizer = await instantiateNormalizer(plugin, {}, createTestPluginContext());
  const result = await normalizer.normalize({
    body,
    mediaType: parseMediaType('application/xml') as MediaType,
    raw: true,
  });
  if (!result.ok) throw new Error(`expected a value: ${JSON.stringify(result)}`);
  return JSON.parse(JSON.stringify(result.value)) as Record<string, unknown>;
}

describe('xml: whitespace is XML whitespace (space, tab, CR, LF), not every Unicode space', () => {
  it('keeps U+00A0, U+2003 and U+3000 at the edges of text-only content; trims XML whitespace around them', async () => {
    const out = await convert(
      `<table>\n  <td>${EM}Indented cell</td>\n  <td> \t${NBSP}\n</td>\n  <td>${IDEO}</td>\n  <td>\n plain \n</td>\n</table>`,
    );
    expect(out.td).toEqual([`${EM}Indented cell`, NBSP, IDEO, 'plain']);
  });

  it('an element holding only a Unicode space is text, not an empty element', async () => {
    const out = await convert(`<r><a>${EM}</a><b>  </b></r>`);
    expect(out.a).toBe(EM);
    // XML whitespace only: no text at all
    expect(out.b).not.toBe('  ');
  });

  it('mixed content: Unicode spaces survive in #text and #content; only XML whitespace runs collapse', async () => {
    const out = await convert(`<p>\n  ${EM}Dose <b>two</b>${NBSP}tablets\t\n  ${IDEO}daily  \n</p>`);
    expect(out['#text']).toBe(`${EM}Dose ${NBSP}tablets ${IDEO}daily`);
    expect(out['#content']).toEqual([`\n  ${EM}Dose `, { b: 'two' }, `${NBSP}tablets\t\n  ${IDEO}daily  \n`]);
  });

  it('a paragraph of Unicode spaces only is mixed content with text', async () => {
    const out = await convert(`<p>${NBSP}<i>x</i>${EM}</p>`);
    expect(out['#text']).toBe(`${NBSP}${EM}`);
    expect(out['#content']).toEqual([NBSP, { i: 'x' }, EM]);
  });
});
