import { describe, expect, it } from 'vitest';
import { prepareInput } from './prepare-input.js';

describe('prepareInput', () => {
  it('parses JSON formats and keeps the others as text', () => {
    expect(prepareInput('{"a":1}', 'application/fhir+json')).toEqual({ ok: true, value: { a: 1 } });
    expect(prepareInput('a,b\n1,2', 'text/csv')).toEqual({ ok: true, value: 'a,b\n1,2' });
    expect(prepareInput('  \n', 'application/json')).toEqual({ ok: true, value: undefined });
  });

  it('refuses malformed JSON with a readable message', () => {
    const prepared = prepareInput('{"a":', 'application/json');
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.message).toMatch(/^The input is not valid JSON/);
  });
});
