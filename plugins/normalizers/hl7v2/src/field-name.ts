const DATE_TIME = /Date ?\/ ?Time/g;
const PUNCTUATION = /[-+".()/]/g;

/**
 * Turns a dictionary description into a JSON key (mapping-language §8.4): apostrophes removed, `Date/Time`
 * joined, words capitalised and concatenated, remaining punctuation replaced by `_`.
 */
export function buildFieldName(description: string): string {
  const words = description.replace(/'/g, '').replace(DATE_TIME, 'DateTime').split(/\s+/);
  let name = '';
  for (const word of words) if (word !== '') name += word[0]!.toUpperCase() + word.slice(1);
  return name.replace(PUNCTUATION, '_');
}
