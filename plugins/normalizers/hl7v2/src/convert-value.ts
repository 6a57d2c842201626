import type { ConvertContext } from './convert-context.js';
import type { TypeModel } from './dictionary.js';
import { decodeEscapes } from './escape.js';
import { convertHl7Date, convertHl7DateTime } from './hl7-date.js';

/**
 * Converts one field's text by its model: repetitions split into an array (a single one stays a value),
 * composites into objects keyed by component names, sub-components split, `""` → null, escapes decoded in
 * each split piece, DT/DTM → ISO-8601. Empty values give undefined (omitted by the caller).
 */
export function convertField(text: string, model: TypeModel, c: ConvertContext): unknown {
  if (text === '') return undefined;
  const d = c.d;
  if (d.repetition === '' || !text.includes(d.repetition)) return convertValue(text, model, c, 0);
  const values: unknown[] = [];
  for (const repetition of text.split(d.repetition)) {
    const value = convertValue(repetition, model, c, 0);
    if (value !== undefined) values.push(value);
  }
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

function convertValue(text: string, model: TypeModel, c: ConvertContext, level: 0 | 1): unknown {
  if (text === '') return undefined;
  if (text === '""') return null;
  const parts = model.parts;
  if (parts === undefined) return convertPrimitive(text, model.date, c);
  const separator = level === 0 ? c.d.component : c.d.subcomponent;
  if (separator === '' || !text.includes(separator)) {
    const first = parts[0];
    if (first === undefined) return undefined;
    const value = level === 0 ? convertValue(text, first, c, 1) : convertPrimitive(text, first.date, c);
    if (value === undefined) return undefined;
    // a store, not `{ [name]: value }`: a computed key in a literal, with names that vary, takes V8's slow path
    const out: Record<string, unknown> = {};
    out[first.name] = value;
    return out;
  }
  const pieces = text.split(separator);
  const out: Record<string, unknown> = {};
  let any = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const part = parts[i];
    const value =
      part === undefined
        ? convertPrimitive(piece, 0, c)
        : level === 0
          ? convertValue(piece, part, c, 1)
          : piece === '""'
            ? null
            : convertPrimitive(piece, part.date, c);
    if (value === undefined) continue;
    out[part === undefined ? `${level === 0 ? 'Component' : 'SubComponent'}${i + 1}` : part.name] = value;
    any = true;
  }
  return any ? out : undefined;
}

/** A leaf value; a `varies` value (type unknown, nothing split) stays exactly as written, escapes included. */
function convertPrimitive(text: string, reading: TypeModel['date'], c: ConvertContext): string {
  if (reading === 3) return text;
  const decoded = decodeEscapes(text, c.d);
  if (reading === 0) return decoded;
  const iso = reading === 1 ? convertHl7Date(decoded) : convertHl7DateTime(decoded);
  if (iso !== undefined) return iso;
  c.warnings.add('HL7_INVALID_DATE', `${c.segmentId}-${c.fieldNumber} ${JSON.stringify(decoded)}`, c.line);
  return decoded;
}
