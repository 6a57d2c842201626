import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Engine } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

/**
 * Data-driven cases (test/cases/<group>/caseNNN.json), JSONata-suite style:
 * { expr, input?, bindings?, result? | undefinedResult? | code?, status?, keys?, fields?, diagnostics?, absentCodes? }
 * With `status`, `diagnostics` lists partial entries that must each match one collected error or warning, and
 * `absentCodes` lists codes that must not be collected.
 */
interface Case {
  description?: string;
  expr: string;
  input?: unknown;
  bindings?: Record<string, unknown>;
  result?: unknown;
  undefinedResult?: boolean;
  code?: string;
  status?: number;
  fields?: Record<string, unknown>;
  diagnostics?: Record<string, unknown>[];
  absentCodes?: string[];
}

const root = join(import.meta.dirname, 'cases');

/**
 * Every case on two engines: one as the main thread has it, and one as an evaluation thread has it (`ownThread`),
 * whose runs take the synchronous forms (direct/compile-program.ts, engine/sync-tier.ts) wherever they can.
 */
const ENGINES = [
  ['', {}],
  [' (own thread)', { ownThread: true }],
] as const;

for (const [where, options] of ENGINES) {
  let engine: Promise<Engine> | undefined;
  for (const group of readdirSync(root).sort()) {
    describe(group + where, () => {
      for (const file of readdirSync(join(root, group)).sort()) {
        const c = JSON.parse(readFileSync(join(root, group, file), 'utf8')) as Case;
        test(`${file}: ${c.description ?? c.expr.slice(0, 60)}`, async () => {
          engine ??= r4Engine(options);
          const e = await engine;
          const input = 'input' in c ? c.input : null;
          if (c.status !== undefined) {
            const compiled = await e.compile(c.expr);
            const report = await compiled.evaluateVerbose(input, c.bindings);
            expect(report.status).toBe(c.status);
            if ('result' in c) expect(report.result).toEqual(c.result);
            const collected = report.diagnostics.error.concat(report.diagnostics.warning);
            if (c.code) expect(collected.map((d) => d.code)).toContain(c.code);
            for (const d of c.diagnostics ?? []) expect(collected).toContainEqual(expect.objectContaining(d));
            for (const code of c.absentCodes ?? []) expect(collected.map((d) => d.code)).not.toContain(code);
            return;
          }
          let outcome: { ok: true; value: unknown } | { ok: false; err: Record<string, unknown> };
          try {
            const compiled = await e.compile(c.expr);
            outcome = { ok: true, value: await compiled.evaluate(input, c.bindings) };
          } catch (err) {
            outcome = { ok: false, err: err as Record<string, unknown> };
          }
          if (c.code) {
            expect(outcome.ok ? outcome.value : outcome.err['code']).toBe(c.code);
            if (!outcome.ok && c.fields) expect(outcome.err).toMatchObject(c.fields);
            return;
          }
          if (!outcome.ok) throw new Error(`unexpected error ${JSON.stringify(outcome.err)}`);
          if (c.undefinedResult) expect(outcome.value).toBeUndefined();
          else expect(JSON.stringify(outcome.value)).toBe(JSON.stringify(c.result));
        });
      }
    });
  }
}
