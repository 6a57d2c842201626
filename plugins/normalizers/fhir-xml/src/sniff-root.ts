const FHIR_NS = 'http://hl7.org/fhir';
const utf8 = new TextDecoder();
const START_TAG =
  /^<(?:([A-Za-z_][\w.-]*):)?[A-Za-z_][\w.-]*((?:[ \t\r\n]+[^ \t\r\n=>/]+[ \t\r\n]*=[ \t\r\n]*(?:"[^"]*"|'[^']*'))*)[ \t\r\n]*\/?>/;
const ATTR = /([^ \t\r\n=]+)[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Whether the document's root element is in the FHIR namespace, read from the first start tag only
 * (declaration, comments and processing instructions skipped) — cheap enough for content sniffing.
 */
export function isFhirRoot(input: unknown): boolean {
  const body = input instanceof Uint8Array ? utf8.decode(input.subarray(0, 8192)) : input;
  if (typeof body !== 'string') return false;
  let i = body.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < body.length && /[ \t\r\n]/.test(body[i]!)) i++;
    if (body.startsWith('<?', i)) i = after(body, '?>', i);
    else if (body.startsWith('<!--', i)) i = after(body, '-->', i);
    else break;
    if (i < 0) return false;
  }
  const tag = START_TAG.exec(body.slice(i, i + 4096));
  if (!tag) return false;
  const wanted = tag[1] ? `xmlns:${tag[1]}` : 'xmlns';
  for (const attr of (tag[2] ?? '').matchAll(ATTR)) {
    if (attr[1] === wanted) return (attr[2] ?? attr[3]) === FHIR_NS;
  }
  return false;
}

function after(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
}
