/**
 * Whether a line ends at `i`: LF, or a CR not followed by LF (old Mac line endings; CRLF counts once, at its LF).
 * The same rule for FLASH line structure and for reported `line` numbers, as editors count lines.
 */
export function isLineBreak(src: string, i: number): boolean {
  const c = src.charCodeAt(i);
  return c === 10 || (c === 13 && src.charCodeAt(i + 1) !== 10);
}
