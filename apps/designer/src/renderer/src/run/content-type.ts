import { HL7_V2_MEDIA_TYPE, type InputContentType } from '@mapx/api';

/** Human labels for the six input formats, in the order the picker shows them. */
export const CONTENT_TYPE_LABELS: Readonly<Record<InputContentType, string>> = {
  'application/json': 'JSON',
  'application/fhir+json': 'FHIR JSON',
  'application/xml': 'XML',
  'application/fhir+xml': 'FHIR XML',
  'text/csv': 'CSV',
  [HL7_V2_MEDIA_TYPE]: 'HL7 v2 (ER7)',
};

const FHIR_NAMESPACE = /xmlns\s*=\s*["']http:\/\/hl7\.org\/fhir["']/;

/** HL7 v2 starts with an MSH segment or a batch header (FHS, BHS); a BOM or blank lines may precede it. */
function looksLikeHl7(text: string): boolean {
  return /^\uFEFF?\s*(MSH|FHS|BHS)\|/.test(text);
}

function jsonFlavour(text: string): InputContentType {
  try {
    const value: unknown = JSON.parse(text);
    const isResource =
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>)['resourceType'] === 'string';
    return isResource ? 'application/fhir+json' : 'application/json';
  } catch {
    return 'application/json';
  }
}

function xmlFlavour(text: string): InputContentType {
  return FHIR_NAMESPACE.test(text) ? 'application/fhir+xml' : 'application/xml';
}

/** Guesses the format of pasted text from its first characters. */
export function sniffContentType(text: string): InputContentType {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (looksLikeHl7(head)) return HL7_V2_MEDIA_TYPE;
  if (head.startsWith('<')) return xmlFlavour(head);
  if (head.startsWith('{') || head.startsWith('[')) return jsonFlavour(head);
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',') && head.includes('\n')) return 'text/csv';
  return 'application/json';
}

/** Guesses the format of an opened file from its extension, then from its content. */
export function guessContentType(fileName: string, text: string): InputContentType {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'json':
      return jsonFlavour(text);
    case 'xml':
      return xmlFlavour(text);
    case 'csv':
      return 'text/csv';
    case 'hl7':
    case 'er7':
      return HL7_V2_MEDIA_TYPE;
    default:
      return sniffContentType(text);
  }
}

/** JSON inputs travel as parsed JSON in `POST /`; the other formats as their raw text. */
export function isJsonContentType(contentType: string): boolean {
  return contentType === 'application/json' || contentType === 'application/fhir+json';
}
