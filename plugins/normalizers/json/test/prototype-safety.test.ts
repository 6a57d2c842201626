import { describe, expect, it } from 'vitest';
import { parseMediaType, type MediaType } from '@mapx/plugin-api';
import { createTestPluginContext, instantiateNormalizer } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

describe('json: input keys never reach a prototype', () => {
  it('"__proto__", "constructor" and "prototype" keys are own data; Object.prototype is unchanged', async () => {
    const normalizer = await instantiateNormalizer(plugin, {}, createTestPluginContext());
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const body =
      '{"resourceType":"Patient","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"x":1}}}';
    const result = await normalizer.normalize({
      body,
      mediaType: parseMediaType('application/json') as MediaType,
      raw: true,
    });
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (!result.ok) throw new Error('expected a value');
    const value = result.value as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value.constructor as object, 'prototype')).toBe(true);
  });
});
