import type { FlashTables } from '../compile/flash-plan.js';
import type { MapxError } from '../errors/mapx-error.js';
import type { Parsed } from '../syntax/parser.js';
import { isOp } from '../syntax/tokenizer.js';
import { literalFit } from './literal-fit.js';
import { replacedValues } from './replaced-value.js';
import { metasByStart, walkBlocks } from './rule-walk.js';
import { separateEntries } from './separate-entries.js';
import { unreachableRules, unreachableStatements } from './unreachable.js';
import { unusedVariables } from './unused-variables.js';

export { addSuggestions } from './did-you-mean.js';

/** Findings reported per compiled expression, like the resolver's (a bound on what one source can add). */
const MAX_FINDINGS = 20;

/**
 * The compile-time static checks (docs/authoring.md, "Static checks"): warnings F5361–F5366 about a mapping
 * that compiles but will not do what it says. They never change what the mapping does.
 */
export function staticChecks(p: Parsed, tables: FlashTables | undefined): MapxError[] {
  const out: MapxError[] = [];
  if (tables) {
    const checkLiterals = !assigns(p, 'validationLevel');
    for (const walk of walkBlocks(p.root, metasByStart(tables.rules))) {
      out.push(...replacedValues(p, walk));
      if (checkLiterals) out.push(...literalFit(p, walk, tables));
      for (const list of walk.lists) out.push(...separateEntries(p, list), ...unreachableRules(p, list));
    }
  }
  out.push(...unusedVariables(p), ...unreachableStatements(p));
  out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  return out.slice(0, MAX_FINDINGS);
}

/** The source sets a threshold itself (`$validationLevel := 0` switches the checks F5363/F5364 predict off). */
const assigns = (p: Parsed, name: string): boolean =>
  p.tokens.some((t, i) => t.type === 'variable' && t.value === name && isOp(p.tokens[i + 1], ':='));
