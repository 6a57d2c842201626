import type { NormalizeIssue, NormalizeResult, Normalizer, RawInput } from '@mapx/plugin-api';
import { convertMessage } from './convert-message.js';
import { HL7_VERSIONS, loadVersionModel, type VersionModel } from './dictionary.js';
import { hl7Issue } from './issues.js';
import { groupMessages, splitSegments } from './split-segments.js';
import type { Hl7v2Options } from './options.js';

const utf8 = new TextDecoder();

/**
 * ER7 → JSON. Dictionary models are compiled once per version on first use (or at creation for
 * `preloadVersions`) and shared by every later message.
 */
export function createHl7v2Normalizer(options: Hl7v2Options): Normalizer {
  const models = new Map<string, VersionModel>();
  const modelFor = (version: string): VersionModel => {
    let model = models.get(version);
    if (!model) {
      model = loadVersionModel(version);
      models.set(version, model);
    }
    return model;
  };
  for (const version of options.preloadVersions) modelFor(version);
  const resolve = (versionId: string, line: number): VersionModel | NormalizeIssue => {
    if (HL7_VERSIONS.includes(versionId)) return modelFor(versionId);
    if (options.versionFallback !== undefined) return modelFor(options.versionFallback);
    return versionId === ''
      ? hl7Issue('HL7_NO_VERSION', '', line)
      : hl7Issue('HL7_UNKNOWN_VERSION', `"${versionId}" (known: ${HL7_VERSIONS.join(', ')})`, line);
  };
  return { normalize: (input) => normalizeEr7(input, resolve) };
}

function normalizeEr7(
  input: RawInput,
  resolve: (versionId: string, line: number) => VersionModel | NormalizeIssue,
): NormalizeResult {
  const body = input.body;
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? utf8.decode(body) : undefined;
  if (text === undefined)
    return fail(hl7Issue('HL7_NOT_TEXT', `got ${body === null ? 'null' : typeof body}`));
  const segments = splitSegments(text);
  if (segments.length === 0) return fail(hl7Issue('HL7_EMPTY', ''));
  const grouped = groupMessages(segments);
  if (!grouped || grouped.messages.length === 0) {
    const first = segments[0]!;
    return fail(hl7Issue('HL7_NO_MSH', `found ${JSON.stringify(first.text.slice(0, 3))}`, first.line));
  }
  const values: unknown[] = [];
  for (const message of grouped.messages) {
    const converted = convertMessage(message, resolve);
    if (!converted.ok) return fail(converted.issue);
    values.push(converted.value);
  }
  const single = !grouped.batch && values.length === 1;
  return { ok: true, value: single ? values[0] : values };
}

function fail(issue: NormalizeIssue): NormalizeResult {
  return { ok: false, issues: [issue] };
}
