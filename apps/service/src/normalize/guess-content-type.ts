import { HL7_V2_MEDIA_TYPE } from '@mapx/api';

const MLLP_START = String.fromCharCode(0x0b);

const BY_EXTENSION: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  hl7: HL7_V2_MEDIA_TYPE,
  er7: HL7_V2_MEDIA_TYPE,
};

/** HL7 v2 text starts with an MSH segment, or with a batch header (FHS, BHS); BOM and blank lines allowed. */
const HL7_START = /^\uFEFF?\s*(MSH|FHS|BHS)\|/;

/** The media type of an input file from its extension; other files starting like HL7 v2 are HL7 v2. */
export function guessContentType(file: string, text: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  if (Object.hasOwn(BY_EXTENSION, ext)) return BY_EXTENSION[ext]!;
  if (HL7_START.test(text.replace(MLLP_START, ''))) return HL7_V2_MEDIA_TYPE;
  return 'application/json';
}
