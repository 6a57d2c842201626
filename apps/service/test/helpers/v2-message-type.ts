import { STANDARD_EVENTS } from '../fixtures/standard-messages.js';

/**
 * MSH-9 of an ER7 message or batch, read without the normaliser (so a test can tell which messages a mapping
 * should convert): the message code and trigger event of every MSH segment, after any BOM or MLLP framing.
 */
export interface V2MessageType {
  readonly code: string;
  readonly trigger: string;
  /** MSH-9.3 when present. */
  readonly structure: string;
}

export function v2MessageTypes(text: string): V2MessageType[] {
  const types: V2MessageType[] = [];
  for (const segment of text.split(/\r\n|\r|\n/)) {
    const start = segment.indexOf('MSH');
    if (start < 0 || start > 4 || segment.length < start + 8) continue;
    const msh = segment.slice(start);
    const fieldSep = msh[3]!;
    const componentSep = msh[4]!;
    const fields = msh.split(fieldSep);
    // MSH-1 is the separator itself, so MSH-9 is fields[8]
    const [code = '', trigger = '', structure = ''] = (fields[8] ?? '').split(componentSep);
    types.push({ code: code.trim(), trigger: trigger.trim(), structure: structure.trim() });
  }
  return types;
}

/** The message types the standard mappings convert (docs/standard-mappings.md): code → trigger events. */
export const STANDARD_MESSAGE_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(STANDARD_EVENTS).map(([code, events]) => [code, Object.keys(events)]),
);

export const isStandardMessageType = (t: V2MessageType): boolean =>
  STANDARD_MESSAGE_TYPES[t.code.toUpperCase()]?.includes(t.trigger.toUpperCase()) === true;

export const describeType = (t: V2MessageType): string => `${t.code}^${t.trigger}`;
