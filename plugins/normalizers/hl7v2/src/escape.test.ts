import { describe, expect, it } from 'vitest';
import { decodeEscapes } from './escape.js';

const standard = {
  field: '|',
  component: '^',
  repetition: '~',
  escape: '\\',
  subcomponent: '&',
  truncation: '#',
};

describe('decodeEscapes', () => {
  it.each([
    ['plain', 'plain'],
    ['a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f', 'a|b^c&d~e\\f'],
    ['line\\.br\\next', 'line\nnext'],
    ['\\X41\\\\XC3A9\\', 'Aé'],
    ['\\XE9\\', 'é'],
    ['\\H\\bold\\N\\', 'bold'],
    ['\\C2842\\kept', '\\C2842\\kept'],
    ['\\X4\\', '\\X4\\'],
    ['unterminated \\F', 'unterminated \\F'],
    ['cut\\P\\', 'cut#'],
  ])('%j → %j', (text, decoded) => expect(decodeEscapes(text, standard)).toBe(decoded));

  it('uses the message delimiters', () => {
    const custom = {
      field: '#',
      component: '$',
      repetition: '*',
      escape: '!',
      subcomponent: '/',
      truncation: '',
    };
    expect(decodeEscapes('a!F!b!E!c', custom)).toBe('a#b!c');
  });
});
