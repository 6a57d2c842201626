/** The delimiters a message declares in MSH-1 and MSH-2 (or a batch in FHS/BHS-1 and -2). */
export interface Hl7Delimiters {
  readonly field: string;
  readonly component: string;
  readonly repetition: string;
  readonly escape: string;
  readonly subcomponent: string;
  /** The truncation character of 2.7+ (5th character of MSH-2, usually `#`); '' when absent. */
  readonly truncation: string;
}

export interface DelimiterReading {
  readonly delimiters: Hl7Delimiters;
  /** MSH-2 exactly as written (`^~\&`, `^~\&#`, or `^~\\&` when doubled). */
  readonly encodingCharacters: string;
  /** True when MSH-2 was written `^~\\&`: the escape character doubled, read as one. */
  readonly doubledEscape: boolean;
}

/** A header segment is read within this many characters: bounded work whatever the line's length. */
export const MAX_HEADER_CHARS = 64 * 1024;

/** Characters that cannot delimit: a segment id's letters and digits, and whitespace. */
const NOT_A_DELIMITER = /[A-Za-z0-9\s]/;

/**
 * Reads the delimiters of a header segment line (`MSH|^~\&|…`, `MSH|^~\&#|…`, `BHS|^~\&|…`): the character after
 * the segment id, then the encoding characters up to the next field separator. Undefined when they are unusable
 * (a letter, digit or whitespace as field separator, no component separator, a character used twice).
 */
export function readDelimiters(headerLine: string): DelimiterReading | undefined {
  const field = headerLine[3];
  if (field === undefined || NOT_A_DELIMITER.test(field)) return undefined;
  const head = headerLine.length > MAX_HEADER_CHARS ? headerLine.slice(0, MAX_HEADER_CHARS) : headerLine;
  const end = head.indexOf(field, 4);
  const encodingCharacters = head.slice(4, end < 0 ? undefined : end);
  const doubledEscape =
    encodingCharacters.length === 5 &&
    encodingCharacters[2] === encodingCharacters[3] &&
    encodingCharacters[2] !== encodingCharacters[4];
  const encoding = doubledEscape
    ? encodingCharacters.slice(0, 3) + encodingCharacters.slice(4)
    : encodingCharacters;
  const [component = '', repetition = '', escape = '', subcomponent = '', truncation = ''] = encoding;
  if (component === '' || new Set([field, ...encoding]).size !== encoding.length + 1) return undefined;
  const delimiters = { field, component, repetition, escape, subcomponent, truncation };
  return { delimiters, encodingCharacters, doubledEscape };
}
