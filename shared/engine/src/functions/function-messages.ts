/**
 * Message templates (Appendix A) of the codes raised by the built-in functions that the engine
 * catalogue (errors/catalogue.ts) does not hold yet. The lead merges them into the catalogue.
 */
export const FUNCTION_MESSAGES: Readonly<Record<string, string>> = {
  D3142: 'Cannot memoize a call whose arguments contain a function or a symbol',
  D3200: '$useFhirServer() is not available: the host has not configured a FHIR connection resolver',
  D3201: 'Failed to switch FHIR connection to {{target}}: {{{errorMessage}}}',
  D3500: 'Invalid regular expression passed to $matches: {{value}} ({{{errorMessage}}})',
  F3014: 'Error generating UUID: {{{errorMessage}}}',
  F3015:
    'Internal UUID generation requires a seed value that is a FHIR resource object with a resourceType field',
  F5200: 'Cannot perform operation {{operation}}: FHIR client is not configured.',
  F5202: 'FHIR client {{operation}} operation timed out after {{{timeout}}}ms',
  F5203: 'FHIR client {{operation}} returned an error: {{{errorMessage}}}',
  F5210: 'Resource not found: {{resourceType}}/{{resourceId}}',
  F5211: 'Search for {{resourceType}} with parameters {{searchParams}} returned no results',
  F5212:
    'Search for {{resourceType}} with parameters {{searchParams}} returned multiple results ({{resultCount}} found), expected exactly one',
  F5214: 'Terminology operation {{operation}} failed for ConceptMap {{conceptMapKey}}: {{{errorMessage}}}',
  F5215: 'Cannot perform operation {{operation}}: terminology runtime is not configured.',
  F5321:
    'No ConceptMap translation performed for {{value}} using {{conceptMapKey}} (status: {{status}}, reason: {{reason}}).',
};
