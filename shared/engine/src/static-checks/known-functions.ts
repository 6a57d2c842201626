import { builtinFunctions } from '../functions/index.js';

/** JSONata 2.x's own functions (its standard library; none reads the caller's variables except `$eval`). */
const JSONATA =
  `sum count max min average string substring substringBefore substringAfter lowercase uppercase length
trim pad match contains replace split join formatNumber formatBase formatInteger parseInteger number floor ceil
round abs sqrt power random boolean not map zip filter single reduce sift keys lookup append exists spread merge
reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent encodeUrl
decodeUrlComponent decodeUrl toMillis fromMillis clone now millis`.split(/\s+/);

let known: Set<string> | undefined;

/**
 * Functions that cannot read a variable of the caller's frame. Saved mappings (`$key()`) and `$eval` run in the
 * caller's environment (dynamic scope, §6.10), so a variable may be read by a call the source does not show.
 */
export function readsNoCallerVariables(name: string): boolean {
  known ??= new Set([...JSONATA, ...builtinFunctions.map((f) => f.name)]);
  return known.has(name);
}
