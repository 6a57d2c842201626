/** The delimiters a message declares in MSH-1 and MSH-2. */
export interface Delimiters {
  readonly field: string;
  readonly component: string;
  readonly repetition: string;
  readonly escape: string;
  readonly subcomponent: string;
  /** The truncation character of 2.7+ (5th character of MSH-2, usually `#`); '' when absent. */
  readonly truncation: string;
}

export interface DelimiterReading {
  readonly delimiters: Delimiters;
  /** True when MSH-2 was written `^~\\&`: the escape character doubled, read as one. */
  readonly doubledEscape: boolean;
}

/**
 * Reads MSH-1/MSH-2 from a header segment line (`MSH|^~\&|…`, `MSH|^~\&#|…`); undefined when they are
 * unusable (no field separator, no component separator, a character used twice).
 */
export function readDelimiters(headerLine: string): DelimiterReading | undefined {
  const field = headerLine[3];
  if (field === undefined || /[A-Za-z0-9\s]/.test(field)) return undefined;
  const end = headerLine.indexOf(field, 4);
  let encoding = headerLine.slice(4, end < 0 ? undefined : end);
  const doubledEscape = encoding.length === 5 && encoding[2] === encoding[3] && encoding[2] !== encoding[4];
  if (doubledEscape) encoding = encoding.slice(0, 3) + encoding.slice(4);
  const [component = '', repetition = '', escape = '', subcomponent = '', truncation = ''] = encoding;
  if (component === '' || new Set([field, ...encoding]).size !== encoding.length + 1) return undefined;
  return { delimiters: { field, component, repetition, escape, subcomponent, truncation }, doubledEscape };
}
