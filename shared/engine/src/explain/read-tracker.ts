/**
 * Input reads of one explained evaluation. The input is wrapped in proxies that know their path inside the
 * input; every property read of input data is recorded in order, and each rule takes the reads made since the
 * previous rule took its own (JSONata evaluates a call's arguments in order, so these are its value's reads).
 */
import { ownCopy } from './own-copy.js';

/** Keys JSONata, promises and the builder probe that are not reads of input data. */
const NOT_DATA = new Set([
  'sequence',
  'keepSingleton',
  'outerWrapper',
  'tupleStream',
  'cons',
  'then',
  'toJSON',
  'length',
  'constructor',
  '__proto__',
  'prototype',
  '_jsonata_lambda',
  '_jsonata_function',
]);

/** Most reads recorded per bucket and per evaluation: input controls how many there are. */
export const MAX_READS_PER_RULE = 200;
export const MAX_READS = 100_000;

/** What a read found: nothing (the path matched nothing), an object or array, or a primitive value. */
export const MISSING = 0;
export const CONTAINER = 1;
export const VALUE = 2;
export type ReadKind = typeof MISSING | typeof CONTAINER | typeof VALUE;

/** Path → what was found there (the most found over the reads of that path). */
export type Reads = Map<string, ReadKind>;

export class ReadTracker {
  private readonly proxies = new WeakMap<object, object>();
  private readonly targets = new WeakMap<object, object>();
  private bucket: Reads = new Map();
  /** Every path read, for the input's read/unread view. */
  readonly all = new Set<string>();
  private on = true;

  wrap(value: unknown, path: string): unknown {
    if (value === null || typeof value !== 'object') return value;
    const known = this.proxies.get(value);
    if (known) return known;
    // a frozen object's own properties cannot be answered with proxies (Proxy invariants): read a copy
    const target = Object.isFrozen(value) ? copyOf(value) : value;
    const proxy = new Proxy(target, {
      get: (t, key, receiver) => {
        const v: unknown = Reflect.get(t, key, receiver);
        if (typeof key !== 'string' || !this.on || NOT_DATA.has(key)) return v;
        const found = Object.hasOwn(t, key);
        if (!found && typeof v === 'function') return v;
        const p = childPath(path, key, Array.isArray(t));
        this.record(p, !found ? MISSING : v !== null && typeof v === 'object' ? CONTAINER : VALUE);
        return found ? this.wrap(v, p) : v;
      },
      // `Object.hasOwn` / `in` probes of an absent key (native FLASH paths look up own properties only)
      getOwnPropertyDescriptor: (t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(t, key);
        if (!d && typeof key === 'string' && this.on && !NOT_DATA.has(key))
          this.record(childPath(path, key, Array.isArray(t)), MISSING);
        return d;
      },
    });
    this.proxies.set(value, proxy);
    this.targets.set(proxy, target);
    return proxy;
  }

  /** The input value behind a proxy (or the value itself). */
  unwrap(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    return this.targets.get(value) ?? value;
  }

  isProxy(value: object): boolean {
    return this.targets.has(value);
  }

  /** The reads since the last drain. */
  drain(): Reads {
    const out = this.bucket;
    this.bucket = new Map();
    return out;
  }

  stop(): void {
    this.on = false;
  }

  private record(path: string, kind: ReadKind): void {
    if (this.all.size < MAX_READS && kind !== MISSING) this.all.add(path);
    const bucket = this.bucket;
    if (bucket.size >= MAX_READS_PER_RULE && !bucket.has(path)) return;
    bucket.set(path, Math.max(bucket.get(path) ?? MISSING, kind) as ReadKind);
  }
}

function copyOf(value: object): object {
  return Array.isArray(value) ? [...(value as unknown[])] : ownCopy(value);
}

/** `PID.PatientName[0].FamilyName`; a root array reads as `$[3].name`. */
export function childPath(parent: string, key: string, inArray: boolean): string {
  if (inArray && /^\d+$/.test(key)) return `${parent || '$'}[${key}]`;
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : '`' + key.replace(/`/g, '``') + '`';
  return parent ? `${parent}.${name}` : name;
}
