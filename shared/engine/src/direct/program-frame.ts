import type { Env } from '../runtime/policy.js';

/** A block's frame in a synchronous run: its own bindings first, then its parent's (JSONata's createFrame). */
export class Frame implements Env {
  // made at the first binding: many blocks bind nothing, and a dictionary object is most of a frame's memory
  private bindings: Record<string, unknown> | undefined = undefined;

  constructor(private readonly parent: Env) {}

  bind(name: string, value: unknown): void {
    (this.bindings ??= Object.create(null) as Record<string, unknown>)[name] = value;
  }

  lookup(name: string | symbol): unknown {
    const own = this.bindings;
    if (own !== undefined && typeof name === 'string' && Object.hasOwn(own, name)) return own[name];
    return this.parent.lookup(name);
  }
}

/**
 * The root of a synchronous run: what JSONata's evaluation frame holds (the call's bindings, then `$` for the
 * input), above the compiled expression's own frame (`base`: its functions, constants and JSONata's built-ins).
 */
export class RootFrame implements Env {
  constructor(
    private readonly input: unknown,
    private readonly bindings: Record<string, unknown>,
    private readonly base: Env,
  ) {}

  lookup(name: string | symbol): unknown {
    if (name === '$') return this.input;
    if (typeof name === 'string' && Object.hasOwn(this.bindings, name)) return this.bindings[name];
    return this.base.lookup(name);
  }
}
