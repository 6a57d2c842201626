import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS } from './client-errors.js';
import { SERVICE_ERRORS } from './service-errors.js';

const DOC = join(import.meta.dirname, '../../../../docs/errors.md');
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The table docs/errors.md shows between its markers, from the catalogues. */
function catalogueTable(): string {
  const rows = Object.entries(SERVICE_ERRORS).map(([code, e]) => {
    const message = 'foreign' in e ? "the refusing component's own message" : `\`${cell(e.message)}\``;
    return `| \`${code}\` | ${e.status} | ${e.shape} | ${message} |`;
  });
  const client = Object.entries(CLIENT_ERRORS).map(
    ([code, e]) => `| \`${code}\` | — | client | \`${cell(e.message)}\` |`,
  );
  return ['| Code | Status | Body | Message |', '|---|---|---|---|', ...rows, ...client].join('\n');
}

describe('docs/errors.md', () => {
  it('lists every code of the catalogues with its status, body shape and message', () => {
    const text = readFileSync(DOC, 'utf8');
    const block = /<!-- catalogue:start -->\n([\s\S]*?)\n<!-- catalogue:end -->/.exec(text)?.[1];
    expect(block, 'docs/errors.md: the table between the catalogue markers').toBe(catalogueTable());
  });
});
