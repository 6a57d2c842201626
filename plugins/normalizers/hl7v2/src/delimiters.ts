/** The delimiters a message declares in MSH-1 and MSH-2. */
export interface Delimiters {
  readonly field: string;
  readonly component: string;
  readonly repetition: string;
  readonly escape: string;
  readonly subcomponent: string;
}

/** Reads MSH-1/MSH-2 from a header segment line (`MSH|^~\&|…`); undefined when they are unusable. */
export function readDelimiters(headerLine: string): Delimiters | undefined {
  const field = headerLine[3];
  if (field === undefined || /[A-Za-z0-9\s]/.test(field)) return undefined;
  const end = headerLine.indexOf(field, 4);
  const encoding = headerLine.slice(4, end < 0 ? undefined : end);
  const [component = '', repetition = '', escape = '', subcomponent = ''] = encoding;
  if (component === '' || new Set([field, ...encoding]).size !== encoding.length + 1) return undefined;
  return { field, component, repetition, escape, subcomponent };
}
