import { describe, expect, it } from 'vitest';
import { readDelimiters } from './delimiters.js';

describe('readDelimiters', () => {
  it('reads MSH-1 and MSH-2 of the usual header', () => {
    expect(readDelimiters('MSH|^~\\&|APP|FAC')).toEqual({
      delimiters: {
        field: '|',
        component: '^',
        repetition: '~',
        escape: '\\',
        subcomponent: '&',
        truncation: '',
      },
      encodingCharacters: '^~\\&',
      doubledEscape: false,
    });
  });

  it('reads the truncation character of 2.7+ and a batch header the same way', () => {
    expect(readDelimiters('MSH|^~\\&#|APP')?.delimiters.truncation).toBe('#');
    expect(readDelimiters('BHS#$%*@#LAB')?.delimiters).toEqual({
      field: '#',
      component: '$',
      repetition: '%',
      escape: '*',
      subcomponent: '@',
      truncation: '',
    });
  });

  it('reads a doubled escape character (`^~\\\\&`) as one and says so', () => {
    const reading = readDelimiters('MSH|^~\\\\&|APP');
    expect(reading?.doubledEscape).toBe(true);
    expect(reading?.encodingCharacters).toBe('^~\\\\&');
    expect(reading?.delimiters).toMatchObject({ escape: '\\', subcomponent: '&', truncation: '' });
  });

  it('reads a header that declares only the component separator', () => {
    expect(readDelimiters('MSH|^|APP')?.delimiters).toEqual({
      field: '|',
      component: '^',
      repetition: '',
      escape: '',
      subcomponent: '',
      truncation: '',
    });
  });

  it.each([
    ['no field separator', 'MSH'],
    ['a letter as field separator', 'MSHA^~\\&A'],
    ['a digit as field separator', 'MSH1^~\\&1'],
    ['a space as field separator', 'MSH ^~\\& '],
    ['no component separator', 'MSH||APP'],
    ['a character used twice', 'MSH|^^\\&|APP'],
  ])('refuses %s', (_why, line) => {
    expect(readDelimiters(line)).toBeUndefined();
  });
});
