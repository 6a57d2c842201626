/**
 * Whitespace as XML defines it (the S production): space, tab, carriage return and line feed only. JavaScript's
 * `\s` and `trim()` also take U+00A0, U+2003, U+3000 and other Unicode spaces, which in XML are text: a table
 * cell's leading em space or a lone no-break space is content and must survive.
 */
const SPACE_RUNS = /[ \t\r\n]+/g;
const LEADING = /^[ \t\r\n]+/;
const TRAILING = /[ \t\r\n]+$/;

export function isXmlSpaceChar(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** True when `text` is empty or XML whitespace only. */
export function isXmlWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isXmlSpaceChar(text.charCodeAt(i))) return false;
  return true;
}

/** Leading and trailing XML whitespace removed. */
export function trimXmlWhitespace(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '');
}

/** Each run of XML whitespace as one space, then trimmed. */
export function collapseXmlWhitespace(text: string): string {
  return trimXmlWhitespace(text.replace(SPACE_RUNS, ' '));
}

/** Offset of the first character that is not XML whitespace, or -1. */
export function firstNonXmlSpace(text: string): number {
  for (let i = 0; i < text.length; i++) if (!isXmlSpaceChar(text.charCodeAt(i))) return i;
  return -1;
}
