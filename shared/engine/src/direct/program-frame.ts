/** A JSONata frame as native functions see it (`this.environment`): bindings, looked up through the parents. */
export interface Scope {
  lookup(name: string | symbol): unknown;
}

/** A block's frame in a synchronous run: its own bindings first, then its parent's (JSONata's createFrame). */
export class Frame implements Scope {
  private readonly bindings: Record<string, unknown> = Object.create(null) as Record<string, unknown>;

  constructor(private readonly parent: Scope) {}

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
export class RootFrame implements Scope {
  constructor(
    private readonly input: unknown,
    private readonly bindings: Record<string, unknown>,
    private readonly base: Scope,
  ) {}

  lookup(name: string | symbol): unknown {
    if (name === '$') return this.input;
    if (typeof name === 'string' && Object.hasOwn(this.bindings, name)) return this.bindings[name];
    return this.base.lookup(name);
  }
}
