import type { CodeInput, Concept, TerminologyRuntime, TranslateResult } from '@mapx/fhir';
import { shouldValidate } from '../runtime/policy.js';
import { needsAsync, syncRun } from '../runtime/sync-run.js';
import { translateWithConceptMap } from './concept-map-translate.js';
import { functionError } from './function-error.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { isPlainObject, toSequence } from './jsonata-values.js';
import type { ServerConceptMapSource } from './server-concept-maps.js';

type Ctx = FunctionCallContext;
type Output = 'auto' | 'code' | 'coding';

/** `'id#version'` from a package filter given as a string or `{id|name, version}`. */
export function packageRef(filter: unknown): string | undefined {
  if (typeof filter === 'string') return filter || undefined;
  if (!isPlainObject(filter)) return undefined;
  const id = filter['id'] ?? filter['name'];
  if (typeof id !== 'string') return undefined;
  return typeof filter['version'] === 'string' ? `${id}#${filter['version']}` : id;
}

/** A string, a primitive-with-extension `{value}`, or a Coding-like `{system?, code}`. */
function toCodeInput(v: unknown): { input: CodeInput; codeOnly: boolean } | undefined {
  if (typeof v === 'string') return { input: v, codeOnly: true };
  if (!isPlainObject(v)) return undefined;
  if (typeof v['code'] === 'string') {
    const system = typeof v['system'] === 'string' ? v['system'] : undefined;
    const version = typeof v['version'] === 'string' ? v['version'] : undefined;
    return { input: { code: v['code'], system, version }, codeOnly: false };
  }
  return typeof v['value'] === 'string' ? { input: v['value'], codeOnly: true } : undefined;
}

function runtimeOf(ctx: Ctx, operation: string): TerminologyRuntime | undefined {
  const runtime = ctx.fhir?.terminology;
  if (!runtime) ctx.report(functionError('F5215', { operation }));
  return runtime;
}

function shape(targets: readonly Concept[], as: 'code' | 'coding'): unknown {
  const out =
    as === 'code'
      ? targets.map((t) => t.code)
      : targets
          .filter((t) => t.system && t.code)
          .map((t) => ({
            system: t.system,
            code: t.code,
            ...(t.display !== undefined ? { display: t.display } : {}),
            ...(t.version !== undefined ? { version: t.version } : {}),
          }));
  return out.length === 0 ? undefined : out.length === 1 ? out[0] : out;
}

async function resolveTranslation(
  ctx: Ctx,
  operation: string,
  input: CodeInput,
  map: string,
  pkg: string | undefined,
) {
  const source = serverSource(ctx, pkg);
  let serverError: string | undefined;
  if (source) {
    try {
      const cm = await source.get(map);
      if (cm) return translateWithConceptMap(cm, input);
    } catch (err) {
      serverError = err instanceof Error ? err.message : String(err);
    }
  }
  return localTranslation(ctx, operation, input, map, pkg, serverError);
}

/** The FHIR server's concept maps, where they are consulted: first, unless a package is named. */
function serverSource(ctx: Ctx, pkg: string | undefined): ServerConceptMapSource | undefined {
  const source = ctx.services['serverConceptMaps'] as ServerConceptMapSource | undefined;
  return source && pkg === undefined ? source : undefined;
}

/** The concept maps of the FHIR packages. */
function localTranslation(
  ctx: Ctx,
  operation: string,
  input: CodeInput,
  map: string,
  pkg: string | undefined,
  serverError: string | undefined,
): TranslateResult | undefined {
  const runtime = runtimeOf(ctx, operation);
  if (!runtime) return undefined;
  const result: TranslateResult = runtime.translate(input, map, pkg);
  if (result.status !== 'unknown-conceptmap') return result;
  const errorMessage = serverError ?? 'ConceptMap not found';
  ctx.report(functionError('F5214', { operation, conceptMapKey: map, errorMessage }));
  return undefined;
}

type Parsed = NonNullable<ReturnType<typeof toCodeInput>>;

async function translate(
  ctx: Ctx,
  operation: string,
  value: unknown,
  map: unknown,
  filter: unknown,
  as: Output,
): Promise<unknown> {
  if (value === undefined || typeof map !== 'string') return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await translate(ctx, operation, item, map, filter, as));
    return translatedItems(out);
  }
  const parsed = toCodeInput(value);
  if (!parsed) return undefined;
  const result = await resolveTranslation(ctx, operation, parsed.input, map, packageRef(filter));
  return translated(ctx, result, parsed, value, map, as);
}

/**
 * The same in a synchronous run (runtime/sync-run.ts): the value itself, from what the FHIR server answered
 * before, else the packages' concept maps. A server still to ask leaves the run to JSONata.
 */
function translateNow(
  ctx: Ctx,
  operation: string,
  value: unknown,
  map: unknown,
  filter: unknown,
  as: Output,
): unknown {
  if (value === undefined || typeof map !== 'string') return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(translateNow(ctx, operation, item, map, filter, as));
    return translatedItems(out);
  }
  const parsed = toCodeInput(value);
  if (!parsed) return undefined;
  const pkg = packageRef(filter);
  const source = serverSource(ctx, pkg);
  // the server's answer when a lookup of it has ended (the first run that needs it is JSONata's)
  const known = source ? source.peek?.(map) : { value: undefined };
  if (!known) throw needsAsync();
  const result = known.value
    ? translateWithConceptMap(known.value, parsed.input)
    : localTranslation(ctx, operation, parsed.input, map, pkg, undefined);
  return translated(ctx, result, parsed, value, map, as);
}

/** The translations of an array's items as one sequence, those that gave nothing left out. */
function translatedItems(results: unknown[]): unknown {
  return toSequence(results.flat().filter((v) => v !== undefined));
}

function translated(
  ctx: Ctx,
  result: TranslateResult | undefined,
  parsed: Parsed,
  value: unknown,
  map: string,
  as: Output,
): unknown {
  if (!result) return undefined;
  if (result.status === 'mapped')
    return shape(result.targets, as === 'auto' ? (parsed.codeOnly ? 'code' : 'coding') : as);
  const reason = result.status === 'unmapped' ? result.reason : undefined;
  reportUnmapped(ctx, { value, conceptMapKey: map, status: result.status, reason });
  return undefined;
}

/** F5321 is a validation (§6.4): outside the validation band it is only collected, never thrown. */
function reportUnmapped(ctx: Ctx, fields: Record<string, unknown>): void {
  const validated = shouldValidate(ctx.environment, 'F5321');
  try {
    ctx.report(functionError('F5321', fields));
  } catch (err) {
    if (validated || (err as { code?: unknown } | null)?.code !== 'F5321') throw err;
  }
}

function translator(name: string, as: Output): MapxFunction {
  return {
    name,
    signature: '<x-so?:x>',
    impl(this: Ctx, value?: unknown, conceptMap?: unknown, packageFilter?: unknown) {
      if (syncRun.active) return translateNow(this, name, value, conceptMap, packageFilter, as);
      return translate(this, name, value, conceptMap, packageFilter, as);
    },
  };
}

export const terminologyFunctions: readonly MapxFunction[] = [
  translator('translate', 'auto'),
  translator('translateCode', 'code'),
  translator('translateCoding', 'coding'),
  {
    name: 'inValueSet',
    signature: '<x-so?:o>',
    impl(this: Ctx, value?: unknown, valueSet?: string, sourcePackage?: unknown) {
      if (value === undefined || valueSet === undefined) return undefined;
      const parsed = toCodeInput(value);
      const runtime = runtimeOf(this, 'inValueSet');
      if (!runtime || !parsed) return parsed ? undefined : { status: 'not-member' };
      return runtime.lookup(valueSet, parsed.input, packageRef(sourcePackage));
    },
  },
  {
    name: 'expandValueSet',
    signature: '<s-o?:o>',
    impl(this: Ctx, valueSet?: string, sourcePackage?: unknown) {
      if (valueSet === undefined) return undefined;
      const runtime = runtimeOf(this, 'expandValueSet');
      if (!runtime) return undefined;
      const result = runtime.expand(valueSet, packageRef(sourcePackage));
      if (result.ok) return result.valueSet;
      this.report(
        functionError('F5214', {
          operation: 'expandValueSet',
          conceptMapKey: valueSet,
          errorMessage: result.message,
        }),
      );
      return undefined;
    },
  },
];
