import { describe, expect, test } from 'vitest';
import { tokenize } from '../src/syntax/tokenizer.js';
import { r4Engine } from './helpers/test-engine.js';

describe('engine-internal names cannot be read or overwritten by user expressions', () => {
  test('a `/` the tokenizer reads as a regex is still checked: the lowered JSONata AST is walked too', async () => {
    const source = 'Account.* / $__mapx / 1';
    expect(tokenize(source).map((t) => t.type)).toContain('regex');
    const engine = await r4Engine();
    await expect(engine.compile(source)).rejects.toMatchObject({ code: 'F1111', start: 12, position: 19 });
  });

  test('bindings with reserved names neither replace the evaluation state nor the FLASH natives', async () => {
    const engine = await r4Engine();
    const compiled = await engine.compile(
      "InstanceOf: Patient\n* gender = 'female'\n* active = $warn('w') ?? true",
    );
    const hostile = { __mapx: { bag: 'stolen' }, __fb: 'x', __fr: 1, __ctx: 2 };
    const report = await compiled.evaluateVerbose(null, hostile);
    expect(report).toMatchObject({
      status: 200,
      result: { resourceType: 'Patient', active: true, gender: 'female' },
    });
    expect(report.diagnostics.warning).toEqual([
      expect.objectContaining({ code: 'F5320', executionId: report.executionId }),
    ]);
  });

  test('a mapping called with reserved bindings keeps the caller state', async () => {
    const engine = await r4Engine();
    const mappings = new Map([['m', "$warn('inner') ?? $exists($a)"]]);
    const resolver = { keys: () => mappings.keys(), get: (k: string) => mappings.get(k) };
    const compiled = await engine.compile("$m({}, {'a': 1, '__mapx': {'bag': 0}, '__fb': 0})");
    const report = await compiled.evaluateVerbose(null, undefined, { mappings: resolver });
    expect(report).toMatchObject({ status: 200, result: true });
    expect(report.diagnostics.warning.map((d) => d.message)).toEqual(['inner']);
  });

  test('mapping keys with reserved names are not bound', async () => {
    const engine = await r4Engine();
    const mappings = new Map([
      ['__fb', '1'],
      ['__mapx', '2'],
    ]);
    const resolver = { keys: () => mappings.keys(), get: (k: string) => mappings.get(k) };
    const compiled = await engine.compile("InstanceOf: Patient\n* active = $warn('w') ?? true");
    const report = await compiled.evaluateVerbose(null, undefined, { mappings: resolver });
    expect(report).toMatchObject({ status: 200, result: { resourceType: 'Patient', active: true } });
    expect(report.diagnostics.warning.map((d) => d.code)).toEqual(['F5320']);
  });
});
