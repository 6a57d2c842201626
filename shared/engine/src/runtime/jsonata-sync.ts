import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import type Jsonata from 'jsonata';
import { CALL_PARTS } from './jsonata-sync-call-parts.js';
import { replaceParts } from './jsonata-sync-parts.js';
import { VALUE_PARTS } from './jsonata-sync-value-parts.js';
import { checkedArguments } from './signature-check.js';
import { SyncFrame } from './sync-frame.js';
import { settledNow } from './sync-run.js';

/** The JSONata release the transform below was written against and checked on; another one gets no synchronous form. */
const VERSION = '2.2.2';

/**
 * JSONata's evaluator runs every node through `async`/`await`, also where nothing is asynchronous: a microtask per
 * node, and the promises' garbage. The synchronous form is the installed JSONata itself with `async` and `await`
 * taken out, so its semantics are JSONata's by construction. Where the original awaited a value, this one passes it
 * through `__sync`, which refuses a promise (`needsAsync`): a run that reaches an asynchronous function is abandoned
 * and evaluated by JSONata as it is (engine/sync-tier.ts). A few of its parts are then the engine's own
 * (jsonata-sync-call-parts.ts, jsonata-sync-value-parts.ts). Undefined when the installed release is not the one the
 * transform knows, or the result is not what the transform expects.
 */
export function jsonataSync(): typeof Jsonata | undefined {
  if (built === null) built = build();
  return built;
}

let built: typeof Jsonata | undefined | null = null;

function build(): typeof Jsonata | undefined {
  const require = createRequire(import.meta.url);
  try {
    const { version } = require('jsonata/package.json') as { version: string };
    if (version !== VERSION) return undefined;
    const text = transform(readFileSync(require.resolve('jsonata'), 'utf8'));
    if (text === undefined) return undefined;
    const factory = runInThisContext(`(function (module, exports, __sync, __checked, __Frame) {${text}\n})`, {
      filename: 'jsonata-synchronous.js',
    }) as (
      module: { exports: unknown },
      exports: unknown,
      sync: (v: unknown) => unknown,
      checked: typeof checkedArguments,
      frame: typeof SyncFrame,
    ) => void;
    const module = { exports: {} as unknown };
    factory(module, module.exports, settledNow, checkedArguments, SyncFrame);
    return typeof module.exports === 'function' ? (module.exports as typeof Jsonata) : undefined;
  } catch {
    return undefined;
  }
}

/** What 2.2.2 has: `async function` declarations and expressions, `async` arrows, `await`s, `Promise.all`s. */
const EXPECTED = { asyncFunctions: 43, asyncArrows: 3, awaits: 103, promiseAll: 2 };

/**
 * The text with every `await X` as `__sync(X)`, then the engine's parts in it (`replaceParts`), or undefined when
 * the text is not the one expected.
 */
export function transform(source: string): string | undefined {
  let text = source;
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  if (
    count(/\basync function\b/g) !== EXPECTED.asyncFunctions ||
    count(/\basync \(/g) !== EXPECTED.asyncArrows ||
    count(/\bPromise\.all\(/g) !== EXPECTED.promiseAll
  )
    return undefined;
  text = text.replace(/\basync function\b/g, 'function').replace(/\basync \(/g, '(');
  text = text.replace(/\bPromise\.all\(/g, 'Array.from(');
  const counted = { awaits: 0 };
  const out = rewriteAwaits(text, counted);
  if (out === undefined || counted.awaits !== EXPECTED.awaits) return undefined;
  if (/\basync\b/.test(out.replace(/\basync:|\.async\b/g, ''))) return undefined;
  return replaceParts(out, [...CALL_PARTS, ...VALUE_PARTS]);
}

/** `await X` → `__sync(X)` throughout `text`, an operand's own `await`s included (`Promise.all` of async arrows). */
function rewriteAwaits(text: string, counted: { awaits: number }): string | undefined {
  let out = '';
  let at = 0;
  const found = /\bawait\s+/g;
  for (let m = found.exec(text); m; m = found.exec(text)) {
    const start = m.index + m[0].length;
    // the comment of 2.2.2 that says `await (await $func())` is left as it is
    if (text.lastIndexOf('//', m.index) > text.lastIndexOf('\n', m.index)) continue;
    const end = operandEnd(text, start);
    if (end === undefined) return undefined;
    const operand = rewriteAwaits(text.slice(start, end), counted);
    if (operand === undefined) return undefined;
    out += text.slice(at, m.index) + '__sync(' + operand + ')';
    at = end;
    found.lastIndex = end;
    counted.awaits++;
  }
  return out + text.slice(at);
}

/**
 * Where the operand of an `await` ends: a name, then member accesses, calls and indexes (`a.b(c)[d]`), as every
 * `await` of this source is written, with plain string literals inside. Undefined for anything else (a template, a
 * regular expression or a division, an escape in a string).
 */
function operandEnd(text: string, start: number): number | undefined {
  let i = start;
  const name = /[A-Za-z_$][\w$]*/y;
  name.lastIndex = i;
  if (!name.exec(text)) return undefined;
  i = name.lastIndex;
  for (;;) {
    const c = text[i];
    if (c === '.') {
      name.lastIndex = i + 1;
      if (!name.exec(text)) return undefined;
      i = name.lastIndex;
    } else if (c === '(' || c === '[') {
      const close = balanced(text, i);
      if (close === undefined) return undefined;
      i = close + 1;
    } else return i;
  }
}

function balanced(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '`' || c === '/') return undefined;
    if (c === '"' || c === "'") {
      // a plain string literal (`['@']`): skipped to its closing quote
      while (++i < text.length && text[i] !== c) if (text[i] === '\\' || text[i] === '\n') return undefined;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}
