import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.js';

describe('createLruCache', () => {
  it('evicts the least recently used entry once full', () => {
    const cache = createLruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces an existing key without growing', () => {
    const cache = createLruCache<string>(2);
    cache.set('a', 'x');
    cache.set('a', 'y');
    expect(cache.get('a')).toBe('y');
    expect(cache.size).toBe(1);
  });
});
