import { beforeAll, describe, expect, it } from 'vitest';
import type { Normalizer, NormalizerPlugin, PluginContext } from '@mapx/plugin-api';
import { parseMediaType } from '@mapx/plugin-api';
import { loadNormalizerCases, type NormalizerCase } from './case-file.js';
import { checkNormalizerPlugin } from './check-plugin.js';
import { fuzzNormalizer } from './fuzz.js';
import { createTestPluginContext, instantiateNormalizer } from './instantiate.js';
import { runNormalizerCase } from './run-case.js';

export interface NormalizerConformanceOptions {
  /** Folder of `*.json` case files (searched recursively). */
  readonly casesDir: string;
  /** Raw plugin options used by cases that give none. */
  readonly options?: unknown;
  /** The host context (or a function building it once, e.g. loading FHIR definitions). */
  readonly context?: PluginContext | (() => PluginContext | Promise<PluginContext>);
  /** Fuzz pass over the string inputs of the cases; `false` to skip. */
  readonly fuzz?:
    false | { readonly iterations?: number; readonly seed?: number; readonly alphabet?: string };
}

/**
 * Registers Vitest tests for a normaliser plugin: its declaration, every case under `casesDir`, and a seeded
 * fuzz pass per media type seen in the cases. Call it at the top level of a test file.
 */
export function runNormalizerConformance(
  plugin: NormalizerPlugin<unknown>,
  options: NormalizerConformanceOptions,
): void {
  const cases = loadNormalizerCases(options.casesDir);
  let context: PluginContext;
  const instances = new Map<string, Promise<Normalizer>>();
  const instanceFor = (raw: unknown, withoutFhir: boolean): Promise<Normalizer> => {
    const key = `${withoutFhir}:${JSON.stringify(raw ?? null)}`;
    let found = instances.get(key);
    if (!found) {
      const ctx = withoutFhir ? { ...context, fhir: () => undefined } : context;
      found = instantiateNormalizer(plugin, raw, ctx);
      instances.set(key, found);
    }
    return found;
  };

  describe(`${plugin.meta.packageName} normaliser conformance`, () => {
    beforeAll(async () => {
      const given = options.context;
      context = typeof given === 'function' ? await given() : (given ?? createTestPluginContext());
    });

    it('declares a valid normaliser plugin', () => {
      expect(checkNormalizerPlugin(plugin)).toEqual([]);
    });

    it.each(cases.map((c) => [c.name, c] as const))('case %s', async (_name, c) => {
      const normalizer = await instanceFor(c.options ?? options.options, c.withoutFhir);
      const outcome = await runNormalizerCase(normalizer, c);
      if (!outcome.passed && c.expect.kind === 'value' && outcome.result?.ok) {
        expect(outcome.result.value).toEqual(c.expect.value);
      }
      expect(outcome.problems).toEqual([]);
    });

    if (options.fuzz !== false) {
      for (const [key, samples] of fuzzGroups(cases)) {
        const raw = key.startsWith('raw ');
        const mediaType = raw ? key.slice(4) : key;
        it(`survives fuzzing (${key})`, async () => {
          const normalizer = await instanceFor(options.options, false);
          const parsed = parseMediaType(mediaType);
          if (!parsed) throw new Error(`bad media type ${mediaType}`);
          const fuzz = options.fuzz || {};
          const report = await fuzzNormalizer(normalizer, {
            mediaType: parsed,
            samples,
            raw,
            iterations: fuzz.iterations ?? 250,
            seed: fuzz.seed ?? 20_240_601,
            ...(fuzz.alphabet !== undefined && { alphabet: fuzz.alphabet }),
          });
          expect(report.failures.slice(0, 3)).toEqual([]);
        });
      }
    }
  });
}

/** String inputs of the cases that run with default options, grouped by raw flag and media type. */
function fuzzGroups(cases: readonly NormalizerCase[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const c of cases) {
    if (typeof c.body !== 'string' || c.options !== undefined || c.withoutFhir) continue;
    const key = c.raw === true ? `raw ${c.mediaType}` : c.mediaType;
    const list = groups.get(key) ?? [];
    list.push(c.body);
    groups.set(key, list);
  }
  return groups;
}
