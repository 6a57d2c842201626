import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template.js';
import type { ElementDefinition, StructureDefinition } from './template-types.js';

const el = (id: string, min: number, max: string, type?: string, extra: Partial<ElementDefinition> = {}) => {
  const path = id.replace(/:[^.]+/g, '');
  const sliceName = /:([^.:]+)$/.exec(id)?.[1];
  return {
    id,
    path,
    min,
    max,
    ...(type ? { type: [{ code: type }] } : {}),
    ...(sliceName ? { sliceName } : {}),
    ...extra,
  };
};

/** A synthetic profile with shapes R4 core lacks: odd slice names, a re-slice, a deep mandatory chain. */
const profile: StructureDefinition = {
  resourceType: 'StructureDefinition',
  id: 'edge-profile',
  url: 'http://example.org/StructureDefinition/edge-profile',
  name: 'EdgeProfile',
  kind: 'resource',
  derivation: 'constraint',
  type: 'Basic',
  snapshot: {
    element: [
      el('Basic', 0, '*'),
      el('Basic.identifier', 0, '*', 'Identifier', { slicing: { rules: 'open' } }),
      el('Basic.identifier:1st', 0, '1', 'Identifier'),
      el('Basic.identifier:good-2', 0, '1', 'Identifier'),
      el('Basic.identifier:good-2/re', 0, '1', 'Identifier'),
      el('Basic.code', 1, '1', 'BackboneElement'),
      el('Basic.code.a', 1, '1', 'BackboneElement'),
      el('Basic.code.a.b', 1, '1', 'BackboneElement'),
      el('Basic.code.a.b.c', 1, '1', 'string'),
      el('Basic.code.a.b.d', 0, '1', 'string'),
      el('Basic.code.in', 0, '1', 'string'),
      el('Basic.author', 0, '0', 'Reference'),
    ],
  },
};

describe('renderTemplate edge cases', () => {
  const lines = renderTemplate(profile).split('\n');

  it('writes only slice names FLASH can parse and explains the others', () => {
    expect(lines).toContain('// * identifier[good-2]  // slice good-2 | 0..1 | Identifier');
    expect(lines.filter((l) => l.includes('cannot be addressed by name'))).toEqual([
      '// slice identifier:1st cannot be addressed by name in FLASH (re-slice or unusual name)',
      '// slice identifier:good-2/re cannot be addressed by name in FLASH (re-slice or unusual name)',
    ]);
  });

  it('follows a mandatory chain below the depth limit but drops optional elements there', () => {
    expect(lines).toContain("      * c = ''  // TODO: mandatory, replace the placeholder | 1..1 | string");
    expect(lines.some((l) => l.includes('* d'))).toBe(false);
  });

  it('quotes keyword element names and omits forbidden elements', () => {
    expect(lines).toContain("  // * `in` = ''  // 0..1 | string");
    expect(lines.some((l) => l.includes('author'))).toBe(false);
  });
});
