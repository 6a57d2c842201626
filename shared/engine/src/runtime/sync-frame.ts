import {
  CREATE_FRAME_PUSH as PUSH,
  EVALUATE_ENTRY as ENTRY,
  EVALUATE_EXIT as EXIT,
} from './jsonata-hooks.js';

/** What JSONata reads of a frame, its own or one the engine made (a saved mapping's call). */
interface Environment {
  lookup(name: string | symbol): unknown;
  timestamp?: unknown;
  async?: unknown;
  isParallelCall?: unknown;
  global?: unknown;
  base?: unknown;
}

/**
 * JSONata's frame (its `createFrame`) as a class, for the synchronous JSONata, which makes one for every block,
 * lambda call and path step with a binding: the methods are shared instead of two closures per frame, the
 * bindings' dictionary is made at the first binding (many frames bind nothing), and a lookup walks the chain of
 * such frames in a loop. JSONata's own hooks (looked up at every node and every frame made) are answered from what
 * the parent answered when the frame was made, as `frameHooksShortcut` answers them for JSONata's own frames, or
 * from the frame's own binding of them (the root's, bound after it was made).
 */
export class SyncFrame implements Environment {
  private bindings: Record<string | symbol, unknown> | undefined = undefined;
  private entry: unknown;
  private exit: unknown;
  private push: unknown;
  timestamp: unknown;
  async: unknown;
  isParallelCall: unknown;
  global: unknown;
  base: unknown;

  constructor(private readonly parent: Environment | null) {
    if (parent === null) {
      this.timestamp = null;
      this.async = false;
      this.isParallelCall = false;
      this.global = { ancestry: [null] };
      return;
    }
    this.timestamp = parent.timestamp;
    this.async = parent.async;
    this.isParallelCall = parent.isParallelCall;
    this.global = parent.global;
    if (parent instanceof SyncFrame) {
      this.entry = parent.entry;
      this.exit = parent.exit;
      this.push = parent.push;
    } else {
      this.entry = parent.lookup(ENTRY);
      this.exit = parent.lookup(EXIT);
      this.push = parent.lookup(PUSH);
    }
    if (typeof this.push === 'function') (this.push as (p: Environment, f: SyncFrame) => void)(parent, this);
    this.base = parent.base;
  }

  bind(name: string | symbol, value: unknown): void {
    (this.bindings ??= Object.create(null) as Record<string | symbol, unknown>)[name] = value;
    if (name === ENTRY) this.entry = value;
    else if (name === EXIT) this.exit = value;
    else if (name === PUSH) this.push = value;
  }

  lookup(name: string | symbol): unknown {
    if (name === ENTRY) return this.entry;
    if (name === EXIT) return this.exit;
    if (name === PUSH) return this.push;
    const own = this.bindings;
    if (own !== undefined && Object.prototype.hasOwnProperty.call(own, name)) return own[name];
    let frame = this.parent;
    while (frame instanceof SyncFrame) {
      const held: Record<string | symbol, unknown> | undefined = frame.bindings;
      if (held !== undefined && Object.prototype.hasOwnProperty.call(held, name)) return held[name];
      frame = frame.parent;
    }
    return frame === null ? undefined : frame.lookup(name);
  }
}
