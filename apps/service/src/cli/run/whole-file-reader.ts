import type { Readable } from 'node:stream';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';

/** The file's bytes, or undefined once it passes `maxBytes` (the rest is read and dropped). */
async function readBounded(stream: Readable, maxBytes: number, onBytes: (n: number) => void) {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    size += chunk.length;
    if (size <= maxBytes) parts.push(chunk);
  }
  return size <= maxBytes ? Buffer.concat(parts) : undefined;
}

/** An XML file is one record (application/xml; FHIR XML is recognised by the XML normaliser's dispatch). */
export async function* readXmlFile(
  stream: Readable,
  file: string,
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput> {
  const bytes = await readBounded(stream, maxBytes, onBytes);
  const position = { file, index: 1 };
  if (!bytes) yield { position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`) };
  else yield { position, contentType: 'application/xml', bytes };
}

/**
 * A JSON file: a FHIR Bundle gives one record per entry resource (application/fhir+json), anything else is one
 * record. The file is read whole (up to --max-input-bytes): large collections belong in NDJSON.
 */
export async function* readJsonFile(
  stream: Readable,
  file: string,
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput> {
  const bytes = await readBounded(stream, maxBytes, onBytes);
  if (!bytes) {
    yield {
      position: { file, index: 1 },
      issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`),
    };
    return;
  }
  const entries = bundleEntries(bytes);
  if (!entries) {
    yield { position: { file, index: 1 }, contentType: 'application/json', bytes };
    return;
  }
  let index = 0;
  for (const entry of entries) {
    const position = { file, index: ++index };
    const resource = isObject(entry) && Object.hasOwn(entry, 'resource') ? entry.resource : undefined;
    if (resource === undefined)
      yield { position, issue: runIssue('RUN_INPUT_INVALID', 'a Bundle entry has no resource') };
    else
      yield { position, contentType: 'application/fhir+json', bytes: Buffer.from(JSON.stringify(resource)) };
  }
}

/** The entries of a FHIR Bundle; undefined when the file is not a Bundle (or not JSON: the normaliser says why). */
function bundleEntries(bytes: Buffer): unknown[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Object.hasOwn(value, 'resourceType') || value.resourceType !== 'Bundle')
    return undefined;
  return Object.hasOwn(value, 'entry') && Array.isArray(value.entry) ? value.entry : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
