/** FHIR date/dateTime/instant handling with the §0 item 12 fix: valid strings are kept exactly as written. */

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const DATETIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function realDate(y?: string, m?: string, d?: string): boolean {
  const year = Number(y);
  if (y === '0000') return false;
  if (m === undefined) return true;
  const month = Number(m);
  if (month < 1 || month > 12) return false;
  if (d === undefined) return true;
  const day = Number(d);
  return day >= 1 && day <= daysIn(year, month);
}

function realTime(h?: string, mi?: string, s?: string, tz?: string): boolean {
  if (h === undefined) return true;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return false;
  if (tz && tz !== 'Z') {
    const [th, tm] = tz.slice(1).split(':').map(Number);
    if (th! > 14 || tm! > 59 || (th === 14 && tm !== 0)) return false;
  }
  return true;
}

/** Canonical value for a date-like type, or undefined when invalid (F5111). */
export function canonicalDate(
  type: 'date' | 'dateTime' | 'instant',
  value: string | number,
): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > 8.64e15) return undefined;
    const iso = new Date(value).toISOString();
    return type === 'date' ? iso.slice(0, 10) : iso;
  }
  if (type === 'date') {
    const d = DATE.exec(value);
    if (d) return realDate(d[1], d[2], d[3]) ? value : undefined;
    const dt = DATETIME.exec(value);
    if (dt && dt[4] !== undefined && realDate(dt[1], dt[2], dt[3]) && realTime(dt[4], dt[5], dt[6], dt[8])) {
      return value.slice(0, 10);
    }
    return undefined;
  }
  const re = type === 'instant' ? INSTANT : DATETIME;
  const m = re.exec(value);
  if (!m) return undefined;
  return realDate(m[1], m[2], m[3]) && realTime(m[4], m[5], m[6], m[8]) ? value : undefined;
}
