import { createError, lineOf, type MapxError } from '../errors/mapx-error.js';
import type { Emitter } from './emitter.js';

/**
 * Variables whose name starts with `__` belong to the engine: the lowered code binds its native FLASH calls
 * (`$__c0`…, `$__fv`), context holders (`$__ctx`) and the per-evaluation state (`$__mapx`) under such names. A user
 * expression may neither read nor bind them, so it can never reach or shadow engine state.
 */
export const RESERVED_PREFIX = '__';

export function isReservedName(name: string): boolean {
  return name.startsWith(RESERVED_PREFIX);
}

/** F1111 at a user token (`$` included in `token`). */
export function reservedNameError(name: string, start: number, end: number, source: string): MapxError {
  return createError('F1111', { token: '$' + name, position: end, start, line: lineOf(source, start) });
}

/** Bindings without reserved names (a caller cannot inject or shadow engine state through bindings). */
export function withoutReserved<T>(bindings: Record<string, T> | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  if (!bindings) return out;
  for (const [k, v] of Object.entries(bindings)) if (!isReservedName(k)) out[k] = v;
  return out;
}

interface JsonataNode {
  type?: unknown;
  value?: unknown;
  position?: unknown;
}

/**
 * Defence in depth behind the tokenizer check: walks the AST jsonata built from the lowered text and refuses
 * any reserved variable that was copied from the user's text rather than synthesised by the lowering (e.g. where
 * JSONata and the mapx tokenizer would disagree on a `/` being a regex or a division).
 */
export function checkLoweredNames(ast: unknown, emitter: Emitter, source: string): void {
  const seen = new Set<object>();
  const stack: unknown[] = [ast];
  while (stack.length) {
    const n = stack.pop();
    if (typeof n !== 'object' || n === null || seen.has(n)) continue;
    seen.add(n);
    const node = n as JsonataNode;
    if (node.type === 'variable' && typeof node.value === 'string' && isReservedName(node.value)) {
      const pos = typeof node.position === 'number' ? node.position : 0;
      if (!emitter.isSynthetic(pos - 1)) {
        const end = emitter.toUser(pos);
        const start = Math.max(0, end - node.value.length - 1);
        throw reservedNameError(node.value, start, end, source);
      }
    }
    for (const v of Object.values(n)) if (typeof v === 'object' && v !== null) stack.push(v);
  }
}
