import type { NormalizeIssue } from '@mapx/plugin-api';
import { readDelimiters, type Delimiters } from './delimiters.js';
import type { SegmentModel, VersionModel } from './dictionary.js';
import { convertField } from './convert-value.js';
import { hl7Issue } from './issues.js';
import type { SegmentLine } from './split-segments.js';

export type MessageResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issue: NormalizeIssue };

const SEGMENT_ID = /^[A-Z][A-Z0-9]{2}$/;

/** Converts one message (its first segment is the MSH) with the dictionary model `resolve` gives. */
export function convertMessage(
  segments: readonly SegmentLine[],
  resolve: (versionId: string, line: number) => VersionModel | NormalizeIssue,
): MessageResult {
  const header = segments[0]!;
  const d = readDelimiters(header.text);
  if (!d) return { ok: false, issue: hl7Issue('HL7_BAD_MSH', '', header.line) };
  const versionId = readVersionId(header.text, d);
  const model = resolve(versionId, header.line);
  if (!('segments' in model)) return { ok: false, issue: model };
  const message: Record<string, unknown> = {};
  for (let index = 0; index < segments.length; index++) {
    const { text, line } = segments[index]!;
    const id = text.slice(0, 3);
    if (!SEGMENT_ID.test(id) || (text.length > 3 && text[3] !== d.field)) {
      return { ok: false, issue: hl7Issue('HL7_BAD_SEGMENT', JSON.stringify(text.slice(0, 20)), line) };
    }
    addSegment(message, id, convertSegment(id, text, index + 1, model.segments.get(id), d));
  }
  return { ok: true, value: message };
}

function readVersionId(mshText: string, d: Delimiters): string {
  const field = mshText.split(d.field)[11] ?? '';
  let end = field.length;
  for (const sep of [d.component, d.subcomponent, d.repetition]) {
    const at = sep === '' ? -1 : field.indexOf(sep);
    if (at >= 0 && at < end) end = at;
  }
  return field.slice(0, end).trim();
}

function convertSegment(
  id: string,
  text: string,
  messageLine: number,
  model: SegmentModel | undefined,
  d: Delimiters,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (model) out.SegmentDescription = model.description;
  out.MessageLine = messageLine;
  const tokens = text.split(d.field);
  const isHeader = id === 'MSH';
  if (isHeader) {
    out.FieldSeparator = d.field;
    if (tokens[1]) out.EncodingCharacters = tokens[1];
  }
  for (let t = isHeader ? 2 : 1; t < tokens.length; t++) {
    const raw = tokens[t]!;
    if (raw === '') continue;
    const fieldNumber = isHeader ? t + 1 : t;
    const fieldModel = model?.fields[fieldNumber - 1];
    if (fieldModel === undefined) {
      out[`${id}${fieldNumber}`] = raw;
      continue;
    }
    const value = convertField(raw, fieldModel, d);
    if (value !== undefined) out[fieldModel.name] = value;
  }
  return out;
}

function addSegment(message: Record<string, unknown>, id: string, segment: Record<string, unknown>): void {
  const existing = message[id];
  if (existing === undefined) message[id] = segment;
  else if (Array.isArray(existing)) existing.push(segment);
  else message[id] = [existing, segment];
}
