const DT = /^(\d{4})(\d{2})?(\d{2})?$/;
const DTM = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/;

/** HL7 `DT` (`YYYY[MM[DD]]`) → ISO-8601 at the precision given; anything else is returned unchanged. */
export function convertHl7Date(text: string): string {
  const m = DT.exec(text);
  if (!m) return text;
  return m[1]! + (m[2] ? `-${m[2]}` : '') + (m[3] ? `-${m[3]}` : '');
}

/**
 * HL7 `DTM` (`YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]`) → ISO-8601 at the precision given, keeping the
 * offset (`+0300` → `+03:00`) when a time is present; anything else is returned unchanged.
 */
export function convertHl7DateTime(text: string): string {
  const m = DTM.exec(text);
  if (!m) return text;
  const [, year, month, day, hour, minute, second, fraction, offset] = m;
  let iso = year! + (month ? `-${month}` : '') + (day ? `-${day}` : '');
  if (!day || !hour) return iso;
  iso += `T${hour}` + (minute ? `:${minute}` : '') + (minute && second ? `:${second}${fraction ?? ''}` : '');
  return offset ? `${iso}${offset.slice(0, 3)}:${offset.slice(3)}` : iso;
}
