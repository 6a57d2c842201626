import { describe, expect, it } from 'vitest';
import { setOwn } from './set-own.js';

describe('setOwn', () => {
  it('assigns ordinary keys', () => {
    const target: Record<string, unknown> = { a: 1 };
    setOwn(target, 'a', 2);
    setOwn(target, 'b', 'x');
    expect(target).toEqual({ a: 2, b: 'x' });
  });

  it('keeps a __proto__ key as an own, enumerable property and leaves the prototype alone', () => {
    const target: Record<string, unknown> = {};
    setOwn(target, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect((target as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(target)).toEqual(['__proto__']);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"polluted":true}}');
  });
});
