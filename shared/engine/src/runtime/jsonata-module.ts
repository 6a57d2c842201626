import { createRequire } from 'node:module';
import type Jsonata from 'jsonata';

let loaded: typeof Jsonata | undefined;

/**
 * JSONata through `require`: importing the CommonJS package from ESM made Node scan its 300 KB source for named
 * exports (cjs-module-lexer) at every start, 50–100 ms of CPU; `require` skips that. Required on the first
 * compile rather than at import, which keeps its remaining ~15 ms out of the time before listening.
 */
export function jsonata(expression: string, options?: Jsonata.JsonataOptions): Jsonata.Expression {
  loaded ??= createRequire(import.meta.url)('jsonata') as typeof Jsonata;
  return loaded(expression, options);
}

export type JsonataExpression = Jsonata.Expression;
