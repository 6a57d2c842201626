const MLLP_START = String.fromCharCode(0x0b);

const BY_EXTENSION: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  hl7: 'x-application/hl7-v2+er7',
  er7: 'x-application/hl7-v2+er7',
};

/** The media type of an input file from its extension; `.txt` starting with MSH is HL7 v2. */
export function guessContentType(file: string, text: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  if (BY_EXTENSION[ext]) return BY_EXTENSION[ext] as string;
  if (/^\s*MSH\|/.test(text.replace(MLLP_START, ''))) return 'x-application/hl7-v2+er7';
  return 'application/json';
}
