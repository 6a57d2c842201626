import type { MapxError } from '../errors/mapx-error.js';
import { DEFAULT_THRESHOLDS } from '../runtime/policy.js';
import type { Parsed } from '../syntax/parser.js';
import { isOp, type Token } from '../syntax/tokenizer.js';
import { atRange } from './finding.js';
import { readsNoCallerVariables } from './known-functions.js';

/** Variables the engine itself reads from the scope (§7.3). */
const ENGINE_READS = new Set([...Object.keys(DEFAULT_THRESHOLDS), 'strictBooleans']);

/**
 * F5365: `$x := …` where no `$x` is ever read in the source. Reads anywhere count (a lambda may read a variable
 * bound later in its caller), and nothing is reported when the source calls a function that may read the
 * caller's variables (a saved mapping, `$eval`, an unknown host function).
 */
export function unusedVariables(p: Parsed): MapxError[] {
  const t = p.tokens;
  const assigned = new Map<string, Token>();
  t.forEach((tok, i) => {
    if (tok.type === 'variable' && isOp(t[i + 1], ':=') && !assigned.has(tok.value))
      assigned.set(tok.value, tok);
  });
  const read = new Set<string>();
  for (let i = 0; i < t.length; i++) {
    const tok = t[i]!;
    if (tok.type !== 'variable' || tok.value === '' || tok.value === '$' || isOp(t[i + 1], ':=')) continue;
    if (isOp(t[i + 1], '(') && !readsNoCallerVariables(tok.value) && !assigned.has(tok.value)) return [];
    read.add(tok.value);
  }
  const out: MapxError[] = [];
  for (const [name, tok] of assigned) {
    if (read.has(name) || ENGINE_READS.has(name)) continue;
    out.push(atRange(p, 'F5365', tok.start, tok.end, { token: `$${name}` }));
  }
  return out;
}
