/** Characters that can be part of a JSONata name (everything but whitespace, operators and quotes). */
const NAME_CHAR = /[^\s.,[\]{}()@#;:?+\-*/%|=<>^&!~"'`$]/;

/**
 * Start of the function name before the `(` that ends just before `position` (§6.8: `start` = the `$` of
 * `$name(`, whatever name the call used); undefined when there is no such name.
 */
export function callStart(source: string, position: number): number | undefined {
  if (source[position - 1] !== '(') return undefined;
  let i = position - 2;
  while (i >= 0 && /\s/.test(source[i]!)) i--;
  const end = i;
  while (i >= 0 && NAME_CHAR.test(source[i]!)) i--;
  if (source[i] === '$') return i;
  return i < end ? i + 1 : undefined;
}
