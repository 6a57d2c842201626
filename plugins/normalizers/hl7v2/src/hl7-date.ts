const DT = /^(\d{4})(\d{2})?(\d{2})?$/;
const DTM = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/;

/**
 * HL7 `DT` (`YYYY[MM[DD]]`) → ISO-8601 at the precision given; undefined when the text is not a valid date
 * (wrong shape, month 13, 30 February), so that the caller keeps it as written and warns.
 */
export function convertHl7Date(text: string): string | undefined {
  const m = DT.exec(text);
  if (!m || !validDate(m[1]!, m[2], m[3])) return undefined;
  return m[1]! + (m[2] ? `-${m[2]}` : '') + (m[3] ? `-${m[3]}` : '');
}

/**
 * HL7 `DTM` (`YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]`) → ISO-8601 at the precision given, keeping the
 * offset (`+0300` → `+03:00`) when a time is present; undefined when the text is not a valid date/time.
 * An offset after a date without a time is allowed by HL7 but has no ISO form: such text is returned as is.
 */
export function convertHl7DateTime(text: string): string | undefined {
  const m = DTM.exec(text);
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second, fraction, offset] = m;
  if (!validDate(year!, month, day) || !validTime(hour, minute, second) || !validOffset(offset))
    return undefined;
  let iso = year! + (month ? `-${month}` : '') + (day ? `-${day}` : '');
  // an offset without a time is valid HL7 but an ISO date cannot carry it: kept as written, nothing dropped
  if (!hour) return offset ? text : iso;
  iso += `T${hour}` + (minute ? `:${minute}` : '') + (minute && second ? `:${second}${fraction ?? ''}` : '');
  return offset ? `${iso}${offset.slice(0, 3)}:${offset.slice(3)}` : iso;
}

function validDate(year: string, month: string | undefined, day: string | undefined): boolean {
  if (month === undefined) return true;
  const m = Number(month);
  if (m < 1 || m > 12) return false;
  if (day === undefined) return true;
  const d = Number(day);
  return d >= 1 && d <= daysIn(Number(year), m);
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  if (month !== 2) return DAYS[month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

function validTime(
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): boolean {
  // second 60 is a leap second, which HL7 (like ISO 8601) can carry
  return (
    (hour === undefined || Number(hour) <= 23) &&
    (minute === undefined || Number(minute) <= 59) &&
    (second === undefined || Number(second) <= 60)
  );
}

function validOffset(offset: string | undefined): boolean {
  return offset === undefined || (Number(offset.slice(1, 3)) <= 14 && Number(offset.slice(3)) <= 59);
}
