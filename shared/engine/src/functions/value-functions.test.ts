import { describe, expect, it } from 'vitest';
import { call, createTestContext, evaluateIn } from '../../test/functions/call-context.js';

const ctx = createTestContext();
const run = (src: string, input?: unknown) => evaluateIn(createTestContext(), src, input);

describe('$isEmpty', () => {
  it('is deep', async () => {
    expect(await run(`$isEmpty({'a':{'b':'','c':[]}})`)).toBe(true);
    expect(call(ctx, 'isEmpty', [' ', null, [{}]])).toBe(true);
    expect(call(ctx, 'isEmpty', undefined)).toBe(true);
    expect(call(ctx, 'isEmpty', 0)).toBe(false);
    expect(call(ctx, 'isEmpty', false)).toBe(false);
    expect(call(ctx, 'isEmpty', { a: { b: 'x' } })).toBe(false);
    expect(await run(`$isEmpty($uppercase)`)).toBe(false);
  });
});

describe('$isNumeric (strict, §0 fix)', () => {
  it.each([
    [123, true],
    ['123.456', true],
    ['-0.5e+10', true],
    ['1x5', false],
    ['01', false],
    ['1.', false],
    ['', false],
    [null, false],
    [true, false],
    [[1], false],
    [{}, false],
  ])('%j → %s', (value, expected) => {
    expect(call(ctx, 'isNumeric', value)).toBe(expected);
  });

  it('answers undefined for undefined and T0410 for a function', async () => {
    expect(call(ctx, 'isNumeric', undefined)).toBeUndefined();
    await expect(run(`$isNumeric($uppercase)`)).rejects.toMatchObject({ code: 'T0410' });
  });
});

describe('$omitKeys / $selectKeys', () => {
  it('copy objects without or with the listed keys', async () => {
    expect(await run(`$omitKeys({'a':1,'b':2},'a')`)).toEqual({ b: 2 });
    expect(await run(`$omitKeys({'a':1,'b':2,'c':3},['a','c'])`)).toEqual({ b: 2 });
    expect(await run(`$selectKeys({'a':1,'b':2},['b','z'])`)).toEqual({ b: 2 });
    expect(await run(`$selectKeys({'a':1})`)).toEqual({});
  });

  it('deep-copies when no keys are given', () => {
    const obj = { a: { b: [1] } };
    const copy = call(ctx, 'omitKeys', obj) as typeof obj;
    expect(copy).toEqual(obj);
    expect(copy.a).not.toBe(obj.a);
  });
});

describe('$hash', () => {
  it('is djb2-xor over stable JSON', async () => {
    expect(call(ctx, 'hash', 'abc')).toBe(193409669);
    expect(await run(`$hash({"a":1,"b":2}) = $hash({"b":2,"a":1})`)).toBe(true);
    expect(call(ctx, 'hash', 'abc')).not.toBe(call(ctx, 'hash', ['abc']));
    expect(call(ctx, 'hash', undefined)).toBeUndefined();
  });
});

describe('$uuid / $reference', () => {
  it('gives the reference check values for seeds', async () => {
    expect(await run(`$uuid('1')`)).toBe('356a192b-7913-504c-9457-4d18c28d46e6');
    expect(call(ctx, 'uuid', 'test')).toBe('a94a8fe5-ccb1-5ba6-9c4c-0873d391e987');
    expect(
      call(ctx, 'uuid', {
        resourceType: 'Patient',
        id: 'patient-001',
        name: [{ family: 'Doe', given: ['John'] }],
      }),
    ).toBe('ea81e63f-342e-5f80-9c83-bc695f971f1b');
  });

  it('gives a random v4 UUID without a seed', () => {
    const a = call(ctx, 'uuid') as string;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call(ctx, 'uuid')).not.toBe(a);
  });

  it('makes urn:uuid references of resources', async () => {
    expect(await run(`$reference({'resourceType':'Patient','id':'123'})`)).toBe(
      'urn:uuid:1a354dc9-64fa-54fa-8e1b-79e506d08c67',
    );
  });

  it('raises F3014 without a resourceType and T0410 for a non-object', async () => {
    await expect(run(`$reference({'id':'123'})`)).rejects.toMatchObject({
      code: 'F3014',
      message: expect.stringMatching(/^Error generating UUID: .*resourceType/),
    });
    await expect(run(`$reference('Patient')`)).rejects.toMatchObject({ code: 'T0410' });
  });
});
