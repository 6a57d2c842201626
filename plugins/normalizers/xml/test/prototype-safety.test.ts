import { describe, expect, it } from 'vitest';
import { parseMediaType, type MediaType } from '@mapx/plugin-api';
import { createTestPluginContext, instantiateNormalizer } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

describe('xml: tag and attribute names never reach a prototype', () => {
  it('__proto__ / constructor elements and attributes are own data; Object.prototype is unchanged', async () => {
    const normalizer = await instantiateNormalizer(plugin, {}, createTestPluginContext());
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const body =
      '<r __proto__="attr"><__proto__><polluted>yes</polluted></__proto__>' +
      '<constructor><prototype><polluted>yes</polluted></prototype></constructor>' +
      '<item __proto__="x">text</item></r>';
    const result = await normalizer.normalize({
      body,
      mediaType: parseMediaType('application/xml') as MediaType,
      raw: true,
    });
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (!result.ok) throw new Error('expected a value');
    expect(JSON.parse(JSON.stringify(result.value))).toEqual({
      ['__proto__']: 'attr',
      constructor: { prototype: { polluted: 'yes' } },
      item: 'text',
      _item: { ['__proto__']: 'x' },
      _xmlTagName: 'r',
    });
  });
});
