import { createRequire } from 'node:module';
import type Jsonata from 'jsonata';

/**
 * JSONata through `require`: importing the CommonJS package from ESM made Node scan its 300 KB source for named
 * exports (cjs-module-lexer) at every start, 50–100 ms of CPU; `require` skips that.
 */
export const jsonata = createRequire(import.meta.url)('jsonata') as typeof Jsonata;

export type JsonataExpression = Jsonata.Expression;
