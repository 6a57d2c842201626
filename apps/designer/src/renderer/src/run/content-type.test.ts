import { describe, expect, it } from 'vitest';
import { guessContentType, sniffContentType } from './content-type.js';

describe('guessContentType', () => {
  it.each([
    ['patient.json', '{"resourceType":"Patient"}', 'application/fhir+json'],
    ['rows.json', '[{"a":1}]', 'application/json'],
    ['broken.json', '{"a":', 'application/json'],
    ['bundle.xml', '<Bundle xmlns="http://hl7.org/fhir"><id value="1"/></Bundle>', 'application/fhir+xml'],
    ['note.xml', '<root><a>1</a></root>', 'application/xml'],
    ['people.CSV', 'a,b\n1,2\n', 'text/csv'],
    ['adt.hl7', 'MSH|^~\\&|A', 'x-application/hl7-v2+er7'],
    ['adt.er7', 'MSH|^~\\&|A', 'x-application/hl7-v2+er7'],
    ['message.txt', '\r\nMSH|^~\\&|SENDER', 'x-application/hl7-v2+er7'],
    ['batch.txt', '\uFEFFFHS|^~\\&|SENDER\rBHS|^~\\&\rMSH|^~\\&|SENDER', 'x-application/hl7-v2+er7'],
    ['batch.dat', 'BHS|^~\\&|SENDER\rMSH|^~\\&|SENDER', 'x-application/hl7-v2+er7'],
    ['notes.txt', 'first,second\nx,y', 'text/csv'],
  ])('%s is read as %s', (name, text, expected) => {
    expect(guessContentType(name, text)).toBe(expected);
  });
});

describe('sniffContentType', () => {
  it('recognises pasted formats by their opening characters', () => {
    expect(sniffContentType('  {"resourceType":"Observation"}')).toBe('application/fhir+json');
    expect(sniffContentType('<?xml version="1.0"?><Patient xmlns="http://hl7.org/fhir"/>')).toBe(
      'application/fhir+xml',
    );
    expect(sniffContentType('\uFEFFMSH|^~\\&|')).toBe('x-application/hl7-v2+er7');
    expect(sniffContentType('id,name\n1,Dana')).toBe('text/csv');
    expect(sniffContentType('plain words')).toBe('application/json');
  });
});
