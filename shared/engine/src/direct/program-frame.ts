import type { Env } from '../runtime/policy.js';

/** A block's frame in a synchronous run: its own bindings first, then its parent's (JSONata's createFrame). */
export class Frame implements Env {
  private readonly bindings: Record<string, unknown> = Object.create(null) as Record<string, unknown>;

  constructor(private readonly parent: Env) {}

  bind(name: string, value: unknown): void {
    this.bindings[name] = value;
  }

  lookup(name: string | symbol): unknown {
    if (typeof name === 'string' && Object.hasOwn(this.bindings, name)) return this.bindings[name];
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
