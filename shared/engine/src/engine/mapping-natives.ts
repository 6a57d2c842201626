import { createMappingFunction } from '../functions/mapping-functions.js';
import type { MappingResolver } from '../functions/function-types.js';
import { jsonata } from '../runtime/jsonata-module.js';
import { isReservedName } from '../syntax/reserved-names.js';
import { wrapFunction, type CallHost } from './call-context.js';
import { defineNative, type JsonataFunction } from './jsonata-natives.js';

const MAPPING_SIGNATURE = '<x?o?:x>';

/**
 * The saved mappings of one resolver as `$id(...)` functions. An evaluation binds only those its text names,
 * those that shadow a function of the engine, and those that replace a binding; a mapping reached from another
 * mapping's text or `$eval` is found through `native` when nothing of the caller's defines the name. Binding every
 * mapping at every evaluation cost more than a small evaluation itself once the standard mappings are present.
 */
export class MappingNatives {
  private readonly natives = new Map<string, JsonataFunction>();

  private constructor(
    readonly keys: readonly string[],
    private readonly keySet: ReadonlySet<string>,
    /** Mapping ids that are also names of the engine's functions: bound at every evaluation, as they win. */
    readonly shadowing: readonly string[],
    private readonly resolver: MappingResolver,
    private readonly host: CallHost,
    private readonly signature: unknown,
  ) {}

  /** `engineFunctions`: the names of the functions the engine registers besides JSONata's own. */
  static async create(
    resolver: MappingResolver,
    keys: string[],
    host: CallHost,
    engineFunctions: ReadonlySet<string>,
  ): Promise<MappingNatives> {
    const usable = keys.filter((k) => !isReservedName(k));
    const signature = (await defineNative(() => undefined, MAPPING_SIGNATURE)).signature;
    const shadowing = await engineNames(usable, engineFunctions);
    return new MappingNatives(keys, new Set(usable), shadowing, resolver, host, signature);
  }

  /** `native`, bound once: what an evaluation's state looks mappings up with. */
  readonly lookup = (name: string): JsonataFunction | undefined => this.native(name);

  has(name: string): boolean {
    return this.keySet.has(name);
  }

  /** The function of mapping `name`, or undefined when the resolver has no such mapping. */
  native(name: string): JsonataFunction | undefined {
    if (!this.keySet.has(name)) return undefined;
    let fn = this.natives.get(name);
    if (!fn) {
      const impl = wrapFunction(this.host, createMappingFunction(name, this.resolver));
      fn = { _jsonata_function: true, implementation: impl, signature: this.signature };
      this.natives.set(name, fn);
    }
    return fn;
  }
}

let probe: ReturnType<typeof jsonata> | undefined;

/** The ids among `keys` that name a function of JSONata's library or of the engine. */
async function engineNames(keys: readonly string[], registered: ReadonlySet<string>): Promise<string[]> {
  if (keys.length === 0) return [];
  probe ??= (() => {
    const p = jsonata('$__mapxBound(names)');
    p.registerFunction(
      '__mapxBound',
      function (this: { environment: { lookup(n: string): unknown } }, names) {
        return (names as string[]).filter(
          (n) => n !== '__mapxBound' && this.environment.lookup(n) !== undefined,
        );
      },
    );
    return p;
  })();
  const library = ((await probe.evaluate({ names: keys })) as string[] | string | undefined) ?? [];
  const found = new Set(Array.isArray(library) ? library : [library]);
  return keys.filter((k) => found.has(k) || registered.has(k));
}
