/**
 * An independent, deliberately simple reading of ER7 text for the corpus test: the expected values come from
 * the raw text itself, not from the normaliser under test.
 */
export interface RawMessage {
  readonly msh: string[];
  readonly segments: string[][];
  readonly delimiters: {
    field: string;
    component: string;
    repetition: string;
    escape: string;
    sub: string;
    trunc: string;
  };
}

// MLLP framing bytes are control characters by definition.
// eslint-disable-next-line no-control-regex
const FRAMING = /[\u000b\u001c]/g;
const ENVELOPE = /^(FHS|BHS|BTS|FTS)\W/;

/** Messages of a file: lines from one `MSH` to the next, BOM / MLLP bytes / envelope segments left out. */
export function rawMessages(text: string): RawMessage[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(FRAMING, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/^\s+/, ''));
  const messages: RawMessage[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (/^MSH\W/.test(line)) messages.push(readMessage((current = [line])));
    else if (current && !ENVELOPE.test(line) && line.trim() !== '') current.push(line);
  }
  return messages;
}

function readMessage(lines: string[]): RawMessage {
  const field = lines[0]![3]!;
  let enc = lines[0]!.split(field)[1] ?? '';
  if (enc.length === 5 && enc[2] === enc[3]) enc = enc.slice(0, 3) + enc.slice(4);
  const [component = '', repetition = '', escape = '', sub = '', trunc = ''] = enc;
  const delimiters = { field, component, repetition, escape, sub, trunc };
  return {
    delimiters,
    get msh() {
      return ['MSH', field, ...lines[0]!.split(field).slice(1)];
    },
    get segments() {
      return lines.map((l) => l.split(field));
    },
  };
}

/** The non-empty leaf values (sub-components) of one field's raw text. */
export function leaves(fieldText: string, d: RawMessage['delimiters']): string[] {
  let parts = [fieldText];
  for (const sep of [d.repetition, d.component, d.sub]) if (sep) parts = parts.flatMap((p) => p.split(sep));
  return parts.filter((p) => p !== '' && p !== '""');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function hexText(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Standard and hex escapes replaced (HL7 v2 chapter 2.7); character-set escapes left as written. */
export function unescape(text: string, d: RawMessage['delimiters']): string {
  if (!d.escape || !text.includes(d.escape)) return text;
  const e = d.escape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const map: Record<string, string> = {
    F: d.field,
    S: d.component,
    T: d.sub,
    R: d.repetition,
    E: d.escape,
    P: d.trunc,
    '.br': '\n',
    '.sp': '\n',
    H: '',
    N: '',
  };
  return text.replace(new RegExp(`${e}([^${e}]*)${e}`, 'g'), (all, code: string) =>
    Object.hasOwn(map, code) ? map[code]! : /^X([0-9A-Fa-f]{2})+$/.test(code) ? hexText(code.slice(1)) : all,
  );
}
