import type { NormalizeIssue, NormalizeResult, Normalizer, RawInput } from '@mapx/plugin-api';
import { convertMessage, type MessageDictionary } from './convert-message.js';
import { loadVersionModel, type VersionModel } from './dictionary.js';
import { hl7Issue } from './issues.js';
import { groupMessages, splitSegments } from './split-segments.js';
import type { Hl7v2Options } from './options.js';
import { resolveVersion } from './versions.js';
import { WarningSink } from './warnings.js';

const utf8 = new TextDecoder();

/**
 * ER7 → JSON. Dictionary models are compiled once per version on first use (or at creation for
 * `preloadVersions`) and shared by every later message.
 */
export function createHl7v2Normalizer(options: Hl7v2Options): Normalizer {
  const models = new Map<string, VersionModel>();
  const dictionary: MessageDictionary = {
    resolve: (versionId) => resolveVersion(versionId, options.versionFallback),
    model: (version) => {
      let model = models.get(version);
      if (!model) {
        model = loadVersionModel(version);
        models.set(version, model);
      }
      return model;
    },
  };
  for (const version of options.preloadVersions) dictionary.model(version);
  return { normalize: (input) => normalizeEr7(input, dictionary) };
}

function normalizeEr7(input: RawInput, dictionary: MessageDictionary): NormalizeResult {
  const body = input.body;
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? utf8.decode(body) : undefined;
  if (text === undefined)
    return fail(hl7Issue('HL7_NOT_TEXT', `got ${body === null ? 'null' : typeof body}`));
  const segments = splitSegments(text);
  if (segments.length === 0) return fail(hl7Issue('HL7_EMPTY', ''));
  const grouped = groupMessages(segments);
  const warnings = new WarningSink();
  const headless = grouped.headless ?? (grouped.messages.length === 0 ? grouped.skipped[0] : undefined);
  if (headless) {
    const found = `the first line starts ${JSON.stringify(headless.text.slice(0, 3))}`;
    return fail(hl7Issue('HL7_NO_MSH', found, headless.line));
  }
  if (grouped.messages.length === 0) {
    warnings.add('HL7_EMPTY_BATCH', '', segments[0]!.line);
    return { ok: true, value: [], warnings: warnings.finish() ?? [] };
  }
  if (grouped.skipped.length > 0) {
    const lines = grouped.skipped.map((s) => s.line);
    warnings.add(
      'HL7_LINES_SKIPPED',
      `line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`,
      lines[0],
    );
  }
  const values: unknown[] = [];
  for (let i = 0; i < grouped.messages.length; i++) {
    const converted = convertMessage(grouped.messages[i]!, dictionary, warnings, grouped.envelopes[i]);
    if (!converted.ok) return fail(converted.issue);
    values.push(converted.value);
  }
  // `batch=message`: one message of a batch, sent with the headers of its batch (the MLLP listener does)
  const member = input.mediaType.params['batch']?.toLowerCase() === 'message';
  const single = (!grouped.batch || member) && values.length === 1;
  const found = warnings.finish();
  return { ok: true, value: single ? values[0] : values, ...(found && { warnings: found }) };
}

function fail(issue: NormalizeIssue): NormalizeResult {
  return { ok: false, issues: [issue] };
}
