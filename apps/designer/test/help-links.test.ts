import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_BASE, HELP_LINKS, helpUrl } from '../src/renderer/src/help/help-links.js';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the help links of the designer', () => {
  it('point at files of this repository, on the repository the published packages name', () => {
    const repository = JSON.parse(readFileSync(resolve(ROOT, 'apps/service/package.json'), 'utf8')) as {
      repository?: { url?: string };
    };
    const repo = (repository.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
    expect(DOCS_BASE).toBe(`${repo}/blob/main/`);
    for (const link of HELP_LINKS) {
      expect(existsSync(resolve(ROOT, link.path)), link.path).toBe(true);
      expect(helpUrl(link)).toBe(`${repo}/blob/main/${link.path}`);
    }
  });
});
