import { readMsh, type Hl7Delimiters } from '@mapx/hl7v2';
import type { NormalizeIssue } from '@mapx/plugin-api';
import type { ConvertContext } from './convert-context.js';
import type { SegmentModel, TypeModel, VersionModel } from './dictionary.js';
import { convertField } from './convert-value.js';
import { hl7Issue } from './issues.js';
import type { Envelope, SegmentLine } from './split-segments.js';
import type { ResolvedVersion } from './versions.js';
import type { WarningSink } from './warnings.js';

export type MessageResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issue: NormalizeIssue };

export interface MessageDictionary {
  resolve(versionId: string): ResolvedVersion;
  model(dictionaryVersion: string): VersionModel;
}

const SEGMENT_ID = /^[A-Z][A-Z0-9]{2}$/;
/** OBX-5 has no fixed type: OBX-2 names it (HL7 v2 chapter 7). */
const VARIES: TypeModel = { name: '', date: 3, parts: undefined };

/** Batch header segments precede the message: they have no line in it. */
const ENVELOPE_LINE = 0;

/**
 * Converts one message (its first line is the MSH) with the dictionary of its MSH-12 version; a message of a
 * batch also gets the FHS and BHS that enclose it, converted like its own segments (`MessageLine` 0).
 */
export function convertMessage(
  segments: readonly SegmentLine[],
  dictionary: MessageDictionary,
  warnings: WarningSink,
  envelope: Envelope = {},
): MessageResult {
  const header = segments[0]!;
  const msh = readMsh(header.text);
  if (!msh) return { ok: false, issue: hl7Issue('HL7_BAD_MSH', '', header.line) };
  const d = msh.delimiters;
  if (msh.doubledEscape)
    warnings.add('HL7_MSH2_DOUBLED_ESCAPE', JSON.stringify(msh.encodingCharacters), header.line);
  const version = dictionary.resolve(msh.version);
  if (version.substitution) warnings.add(version.substitution.code, version.substitution.detail, header.line);
  const model = dictionary.model(version.dictionary);
  const c: ConvertContext = { d, warnings, segmentId: '', fieldNumber: 0, line: 0 };
  const message: Record<string, unknown> = {};
  for (let index = 0; index < segments.length; index++) {
    const { text, raw, line } = segments[index]!;
    const id = text.slice(0, 3);
    if (!SEGMENT_ID.test(id) || (text.length > 3 && text[3] !== d.field)) {
      warnings.add('HL7_NOT_A_SEGMENT', JSON.stringify(text.slice(0, 20)), line);
      addEntry(message, 'UnparsedLines', { MessageLine: index + 1, Text: raw });
      continue;
    }
    c.segmentId = id;
    c.line = line;
    addEntry(message, id, convertSegment(id, text, index + 1, model, c));
  }
  for (const id of ['FHS', 'BHS'] as const) {
    const segment = envelope[id];
    if (!segment || (segment.text.length > 3 && segment.text[3] !== d.field)) continue;
    c.segmentId = id;
    c.line = segment.line;
    message[id] = convertSegment(id, segment.text, ENVELOPE_LINE, model, c);
  }
  return { ok: true, value: message };
}

function convertSegment(
  id: string,
  text: string,
  messageLine: number,
  version: VersionModel,
  c: ConvertContext,
): Record<string, unknown> {
  const model: SegmentModel | undefined = version.segments.get(id);
  const out: Record<string, unknown> = {};
  if (model) out.SegmentDescription = model.description;
  out.MessageLine = messageLine;
  const tokens = text.split(c.d.field);
  // FHS-1 and BHS-1 are the field separator too, as MSH-1 is
  const isHeader = id === 'MSH' || id === 'FHS' || id === 'BHS';
  if (isHeader) {
    out.FieldSeparator = c.d.field;
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
    c.fieldNumber = fieldNumber;
    const type = id === 'OBX' && fieldNumber === 5 ? observationType(tokens[2], version, c.d) : fieldModel;
    const value = convertField(raw, type, c);
    if (value !== undefined) out[fieldModel.name] = value;
  }
  return out;
}

/** OBX-5's type from OBX-2 (its first component); unknown or empty → kept as written. */
function observationType(valueType: string | undefined, version: VersionModel, d: Hl7Delimiters): TypeModel {
  if (!valueType) return VARIES;
  const at = valueType.indexOf(d.component);
  return version.types.get((at < 0 ? valueType : valueType.slice(0, at)).trim()) ?? VARIES;
}

/** One key per segment id; a second occurrence turns the value into an array in message order. */
function addEntry(message: Record<string, unknown>, id: string, entry: Record<string, unknown>): void {
  const existing = Object.hasOwn(message, id) ? message[id] : undefined;
  if (existing === undefined) message[id] = entry;
  else if (Array.isArray(existing)) existing.push(entry);
  else message[id] = [existing, entry];
}
