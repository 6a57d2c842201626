/**
 * HL7 v2 table 0211 (MSH-18 "Character Set") → a charset label iconv-lite and WHATWG `TextDecoder` both know.
 * Sets with no such label (ISO IR87/IR159, CNS 11643) are absent: the caller reports them as unsupported.
 */
const TABLE_0211: Readonly<Record<string, string>> = {
  ASCII: 'us-ascii',
  '8859/1': 'iso-8859-1',
  '8859/2': 'iso-8859-2',
  '8859/3': 'iso-8859-3',
  '8859/4': 'iso-8859-4',
  '8859/5': 'iso-8859-5',
  '8859/6': 'iso-8859-6',
  '8859/7': 'iso-8859-7',
  '8859/8': 'iso-8859-8',
  '8859/9': 'iso-8859-9',
  '8859/15': 'iso-8859-15',
  'ISO IR14': 'shift_jis',
  'ISO IR6': 'us-ascii',
  'ISO IR100': 'iso-8859-1',
  'GB 18030-2000': 'gb18030',
  'KS X 1001': 'euc-kr',
  'BIG-5': 'big5',
  UNICODE: 'utf-8',
  'UNICODE UTF-8': 'utf-8',
  'UNICODE UTF-16': 'utf-16',
  'UNICODE UTF-32': 'utf-32',
};

/** The charset label for an MSH-18 value (case and surrounding blanks ignored), or undefined when unknown. */
export function hl7CharsetLabel(value: string): string | undefined {
  const key = value.trim().toUpperCase().replace(/\s+/g, ' ');
  return Object.hasOwn(TABLE_0211, key) ? TABLE_0211[key] : undefined;
}
