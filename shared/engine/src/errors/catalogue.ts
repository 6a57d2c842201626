/**
 * The one error catalogue of the mapx engine (mapping-language.md Appendix A, architecture §8 item 3): every code
 * the engine or its functions raise, with its numeric severity (§7.2) and message template (`{{x}}` = JSON of
 * field x, `{{{x}}}` = raw text). JSONata raises its own S/T/D codes with its own messages; the JSONata-derived
 * codes listed here are the ones mapx raises itself. (The typo "FALSH" in F1027 is original.)
 */
export interface CatalogueEntry {
  readonly severity: number;
  readonly message: string;
}

const ENTRIES: Readonly<Record<string, readonly [number, string]>> = {
  // JSONata-derived codes mapx raises itself (messages as in JSONata unless noted, Appendix A)
  S0101: [0, 'String literal must be terminated by a matching quote'],
  S0102: [0, 'Number out of range: {{token}}'],
  S0103: [0, 'Unsupported escape sequence: \\{{{token}}}'],
  S0104: [0, 'The escape sequence \\u must be followed by 4 hex digits'],
  S0105: [0, 'Quoted property name must be terminated with a backquote (`)'],
  S0106: [0, 'Comment has no closing tag'],
  S0204: [0, 'Unknown operator: {{token}}'],
  S0206: [0, 'Unknown expression type: {{token}}'],
  S0218: [0, 'The operator {{token}} must be followed by an expression'],
  S0301: [0, 'Empty regular expressions are not allowed'],
  S0302: [0, 'No terminating / in regular expression'],
  S0303: [0, 'Invalid regular expression: {{{value}}}'],
  T0410: [0, 'Argument {{index}} of function {{token}} does not match function signature'],
  D1011: [
    0,
    'Stack overflow. Check for non-terminating recursive function.  Consider rewriting as tail-recursive',
  ],
  D1012: [0, 'Evaluation timeout after {{value}} milliseconds. Check for infinite loop'],
  // JSONata's own `sequence` bound (runtime/limits.ts maxSequenceLength); where JSONata puts the attempted size in
  // `value`, mapx puts the limit back, so the message is true
  D2015: [0, 'The maximum sequence length of {{value}} was exceeded.'],
  D3001: [0, 'Attempting to invoke string function on Infinity or NaN'],
  D3030: [0, 'Unable to cast value to a number: {{value}}'],
  D3120: [0, 'Syntax error in expression passed to function eval: {{value}}'],
  D3121: [0, 'Dynamic error evaluating the expression passed to function eval: {{value}}'],
  D3142: [0, 'Cannot memoize a call whose arguments contain a function or a symbol'],
  D3200: [0, '$useFhirServer() is not available: the host has not configured a FHIR connection resolver'],
  D3201: [0, 'Failed to switch FHIR connection to {{target}}: {{{errorMessage}}}'],
  D3500: [0, 'Invalid regular expression passed to $matches: {{value}} ({{{errorMessage}}})'],
  U1001: [0, '{{{message}}}'],
  // Guardrails (docs/security.md), one code per limit. JSONata defines no L codes, so its message table never
  // replaces these messages when one is raised inside an evaluation.
  L1001: [
    0,
    'Regular expression {{value}} was refused: a quantified group that holds another quantifier can take exponential time. Rewrite it without nested or overlapping quantifiers',
  ],
  L1002: [
    0,
    'The expression is {{{length}}} characters long, over the limit of {{{limit}}} (setting MAPX_MAX_EXPRESSION_LENGTH)',
  ],
  L1003: [
    0,
    '{{{token}}} would build a string of {{{length}}} characters, over the limit of {{{limit}}} (setting MAPX_MAX_STRING_LENGTH)',
  ],
  L1004: [0, 'The input is nested more than {{{limit}}} levels deep (setting MAPX_MAX_INPUT_DEPTH)'],
  L1005: [
    0,
    'The expression is nested more than {{{limit}}} levels deep (setting MAPX_MAX_EXPRESSION_DEPTH)',
  ],
  // evaluation isolation (the service's evaluation worker threads, MAPX_EVAL_ISOLATION=worker)
  L1006: [
    0,
    'Evaluation ran out of memory: its worker thread reached the heap limit of {{value}} MB (setting MAPX_EVAL_MEMORY_MB) and was replaced',
  ],
  L1007: [
    0,
    'The evaluation worker thread ended unexpectedly ({{{reason}}}); the evaluation was abandoned and the worker replaced',
  ],
  // F0xxx–F3xxx: compile-time and unrecoverable FLASH/mapping errors
  F0001: [
    0,
    "Failed to extract root FHIR package context. This may hinder AST mobility. FHIR Package Explorer < v1.5.0 doesn't support this operation.",
  ],
  F1000: [
    0,
    'FLASH blocks are present in the expression, but no FHIR Structure Navigator was provided. Cannot process FHIR conformance.',
  ],
  F1003: [0, 'Invalid FHIR type/profile identifier after `InstanceOf:`'],
  F1004: [0, 'Duplicate `Instance:` declaration'],
  F1005: [0, 'Duplicate `InstanceOf:` declaration'],
  F1006: [0, 'Malformed FLASH rule'],
  F1007: [0, 'Missing `InstanceOf:` declaration'],
  F1008: [
    0,
    'An `InstanceOf:` declaration must be the first in an expression block unless it is preceded by `Instance:`',
  ],
  F1009: [0, 'An `Instance:` declaration must be immediately followed by `InstanceOf:`'],
  F1010: [0, '`Instance:` declaration must come BEFORE `InstanceOf:`'],
  F1011: [
    0,
    'A FLASH block can only contain FLASH rules (lines starting with `*`) or variable assignments ($v := value)',
  ],
  F1012: [0, 'Malformed FLASH rule: missing expression after `=`'],
  F1013: [0, 'An `InstanceOf:` declaration following `Instance:` must start on a new line'],
  F1014: [
    0,
    '`InstanceOf:` must have the same indentation as `Instance:` ({{{token}}}). Instead got {{{value}}}',
  ],
  F1015: [0, 'Expected indentation of {{{token}}}. Instead found {{{value}}}'],
  F1016: [0, 'Indentation in this FLASH block cannot be lower than {{{token}}}. Instead found {{{value}}}'],
  F1017: [0, 'Unexpected indentation. Expected {{{token}}}, found {{{value}}}'],
  F1018: [0, 'Expected an expression after the `Instance:` keyword. Instead found {{{value}}}'],
  F1019: [0, 'Expected a FHIR type/profile identifier after the `InstanceOf:` keyword.'],
  F1020: [
    0,
    'The `:=` operator is used to bind values to variable names (starting with $). Did you mean `=`?',
  ],
  F1021: [0, 'Indentation in FLASH blocks must be in increments of 2 spaces. Found {{{value}}}'],
  F1022: [0, 'Malformed FLASH rule: Duplicate `*` operator'],
  F1023: [
    0,
    "Malformed FLASH rule: The path after the '*' cannot start with '$'. If you wanted to assign a variable, omit the * from the beginning of the line",
  ],
  F1024: [0, 'Malformed FLASH rule: Rule is empty'],
  F1025: [0, "Malformed variable assignment. Did you mean ':='?"],
  F1026: [0, 'Value of `InstanceOf:` must be a valid FHIR type/profile identifier. Found: {{{value}}}'],
  F1027: [0, 'Illegal slice name in FALSH path. Got: {{token}}'],
  F1028: [
    0,
    "FLASH path segments must be on the same line. You may use indented rules (starting with '*') to continue the path on the next line.",
  ],
  F1029: [0, 'Each FLASH path segment must be a simple alpha-numeric name. Got: {{token}}'],
  F1030: [0, 'FLASH path is invalid. Token {{token}} is unexpected here.'],
  F1031: [0, 'A FLASH block cannot be used here: {{{value}}}'],
  F1100: [0, 'This closing {{token}} is not matched by an opening {{matchingOpening}}'],
  F1101: [0, 'Missing expression after {{token}}. Objects must contain only key-value pairs'],
  F1102: [0, 'Looks like you have an extra {{token}} at the beginning of the object.'],
  F1103: [
    0,
    'Semicolon ";" cannot be used here. Semicolons are used to separate sub-expressions in top-level mappings, parenthesis blocks and function definitions.',
  ],
  F1104: [
    0,
    'This key is not followed by a ":" and is missing a value. Objects must contain only key-value pairs',
  ],
  F1105: [0, 'Looks like you have an extra {{token}} at the end of the object.'],
  F1106: [0, 'Looks like a comma "," is missing here, to separate the values in the array.'],
  F1107: [0, 'Duplicate parent operator ("%").'],
  F1108: [0, 'Looks like you have an extra {{token}} at the end of the array.'],
  F1109: [
    0,
    'The ":" symbol is only valid in objects ({ key : value }), but this is an array. Did you mean ","?',
  ],
  F1110: [0, 'Duplicate comma ({{token}})'],
  F1111: [0, 'Variable names starting with "$__" are reserved for the engine: {{token}}'],
  F2001: [0, 'Could not find a FHIR type/profile definition with identifier {{value}}'],
  F2002: [0, 'Invalid element path: element "{{{value}}}" was not found in {{fhirType}}'],
  F2003: [0, 'Failed to fetch definition of children for {{value}} in {{fhirType}}.'],
  F2004: [
    0,
    '{{value}} in {{fhirType}} is a choice type element. Please select a type using one of: {{{allowedNames}}}.',
  ],
  F2006: [0, 'Failed to fetch definition of children for {{fhirType}}.'],
  F2007: [0, 'Element definition for {{value}} in {{fhirType}} has no type defined.'],
  F2008: [0, 'Failed to fetch definition of children for mandatory element {{value}} in {{fhirType}}.'],
  F3000: [
    0,
    'This FLASH rule is not attached to an ElementDefinition. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3001: [0, 'Failed to evaluate mapping {{value}}: {{{sourceMessage}}}'],
  F3002: [0, 'Failed to parse mapping {{value}}: {{{sourceMessage}}}'],
  F3003: [
    0,
    'Could not find ElementDefinition for {{fhirElement}} in {{instanceOf}}. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3004: [
    0,
    'Failed to determine the structural kind of {{fhirElement}} in {{instanceOf}}. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3005: [
    0,
    'Failed to determine the JSON element name of {{fhirElement}} in {{instanceOf}}. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3006: [0, 'Failed to retrieve mapping {{value}} from cache: {{{sourceMessage}}}'],
  F3007: [
    0,
    'Failed to determine the data type of {{fhirElement}} in {{instanceOf}}. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3008: [0, 'Mapping {{value}} must be a string expression. Instead got type: {{valueType}}.'],
  F3013: [
    0,
    'Failed to determine the children of {{fhirElement}} in {{instanceOf}}. This compiled the reference engine expression may be corrupted and needs to be parsed again.',
  ],
  F3014: [0, 'Error generating UUID: {{{errorMessage}}}'],
  F3015: [
    0,
    'Internal UUID generation requires a seed value that is a FHIR resource object with a resourceType field',
  ],
  // F510x–F514x: invalid data
  F5101: [
    10,
    'Value for {{fhirElement}} in {{instanceOf}} must be a primitive value, received type: {{valueType}}.',
  ],
  F5102: [
    10,
    'Value for {{fhirElement}} in {{fhirParent}} must be a Resource object, received type: {{valueType}}.',
  ],
  F5103: [
    10,
    'Element {{fhirElement}} in {{fhirParent}} must be a Resource, but no "resourceType" attribute was found in the assigned object.',
  ],
  F5104: [
    10,
    'Value for {{fhirElement}} in {{fhirParent}} must be a complex object, received primitive type: {{valueType}}.',
  ],
  F5110: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. The value must match the regular expression: {{{regex}}}',
  ],
  F5111: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. The value must be a valid calendar date/dateTime.',
  ],
  F5112: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. Strings must contain at least one non-whitespace character and may only include TAB, LF, CR, or Unicode characters U+0020 and above (excluding U+0080..U+009F).',
  ],
  F5113: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. Codes must have no leading/trailing whitespace, no consecutive spaces, and may only contain space (U+0020) or NBSP (U+00A0) as internal whitespace.',
  ],
  F5114: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. String length ({{actualLength}}) exceeds maximum allowed length of {{maxLength}}.',
  ],
  F5115: [
    11,
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: boolean) in {{instanceOf}}. Strict booleans accept only true or false (any case).',
  ],
  F5120: [12, 'Value {{value}} for {{fhirElement}} in {{instanceOf}} is not in the required ValueSet.'],
  F5121: [
    12,
    'Coding (system={{system}}, code={{valueCode}}) for {{fhirElement}} in {{instanceOf}} is not in the required ValueSet.',
  ],
  F5122: [
    12,
    'Quantity unit code (system={{system}}, code={{valueCode}}) for {{fhirElement}} in {{instanceOf}} is not in the required ValueSet.',
  ],
  F5123: [
    12,
    'CodeableConcept.coding does not contain a Coding from the required ValueSet ({{codingCount}} provided) for {{fhirElement}} in {{instanceOf}}.',
  ],
  F5130: [
    13,
    'The FHIR element {{fhirElement}} is mandatory in {{fhirParent}} (minimum {{{cardinalityMin}}}), but no value was provided.',
  ],
  F5131: [13, 'Element {{value}} is forbidden according to definition: {{fhirType}}.'],
  F5140: [14, 'Missing required slice {{sliceName}} under {{fhirElement}} in {{fhirParent}}.'],
  // F520x–F521x: FHIR server and terminology runtime failures
  F5200: [20, 'Cannot perform operation {{operation}}: FHIR client is not configured.'],
  F5201: [20, 'FHIR client operation failed: {{{errorMessage}}}'],
  F5202: [20, 'FHIR client {{operation}} operation timed out after {{{timeout}}}ms'],
  F5203: [20, 'FHIR client {{operation}} returned an error: {{{errorMessage}}}'],
  F5210: [21, 'Resource not found: {{resourceType}}/{{resourceId}}'],
  F5211: [21, 'Search for {{resourceType}} with parameters {{searchParams}} returned no results'],
  F5212: [
    21,
    'Search for {{resourceType}} with parameters {{searchParams}} returned multiple results ({{resultCount}} found), expected exactly one',
  ],
  F5213: [21, 'Invalid resource reference: {{reference}}'],
  F5214: [
    21,
    'Terminology operation {{operation}} failed for ConceptMap {{conceptMapKey}}: {{{errorMessage}}}',
  ],
  F5215: [21, 'Cannot perform operation {{operation}}: terminology runtime is not configured.'],
  // F53xx: warnings
  F5310: [
    31,
    'Failed to expand required ValueSet for {{fhirElement}} in {{instanceOf}} ({{elementType}} binding).',
  ],
  F5320: [32, '{{{message}}}'],
  F5321: [
    32,
    'No ConceptMap translation performed for {{value}} using {{conceptMapKey}} (status: {{status}}, reason: {{reason}}).',
  ],
  F5330: [
    33,
    'Failed to expand extensible ValueSet for {{fhirElement}} in {{instanceOf}} ({{elementType}} binding).',
  ],
  F5340: [34, 'Value {{value}} for {{fhirElement}} in {{instanceOf}} is not in the extensible ValueSet.'],
  F5341: [
    34,
    'Coding (system={{system}}, code={{valueCode}}) for {{fhirElement}} in {{instanceOf}} is not in the extensible ValueSet.',
  ],
  F5342: [
    34,
    'Quantity unit code (system={{system}}, code={{valueCode}}) for {{fhirElement}} in {{instanceOf}} is not in the extensible ValueSet.',
  ],
  F5343: [
    34,
    'CodeableConcept.coding does not contain a Coding from the extensible ValueSet for {{fhirElement}} in {{instanceOf}}.',
  ],
  // F535x: lossy or surprising conversions (kept, never silent)
  F5350: [
    35,
    'The value {{value}} for {{fhirElement}} (type: boolean) in {{instanceOf}} is not true or false; it was converted to {{result}} by JSONata truthiness.',
  ],
  F5351: [
    35,
    'The literal {{value}} assigned to {{fhirElement}} (type: boolean) in {{instanceOf}} is not true or false; it will be converted to {{result}} by JSONata truthiness.',
  ],
  F5352: [
    35,
    'The value {{value}} for {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}} became the number {{result}}: its digits beyond double precision were lost.',
  ],
  F5353: [
    35,
    'The element {{fhirElement}} in {{instanceOf}} takes one value but received {{count}}; only the last ({{value}}) was kept.',
  ],
  F5354: [35, '{{{functionName}}}: {{{inputCode}}}: {{{inputMessage}}}'],
  // F536x: static checks at compile time (mapx's own, docs/authoring.md "Static checks"): warnings an author
  // must see (Warning header, designer markers)
  F5361: [
    36,
    'The rule {{{rulePath}}} (line {{{line}}}) sets {{fhirElement}} in {{instanceOf}} to {{value}}, replacing what the rule {{{earlierRule}}} on line {{{earlierLine}}} set: later values win. Remove one of them, or put them under one parent rule if they were meant for different elements.',
  ],
  F5362: [
    36,
    'The rules {{{earlierRule}}} (line {{{earlierLine}}}) and {{{rulePath}}} (line {{{line}}}) each create their own entry of the repeating element {{{element}}} in {{instanceOf}}. To fill one entry, nest them: "* {{{nest}}}" with "* {{{firstChild}}}" and "* {{{secondChild}}}" indented under it.',
  ],
  F5363: [
    36,
    'The literal {{value}} can never be a valid {{{fhirType}}} for {{fhirElement}} in {{instanceOf}}: the check {{{check}}} refuses it at run time (at the default validationLevel).',
  ],
  F5364: [
    36,
    'The code {{value}} for {{fhirElement}} in {{instanceOf}} is not in the required ValueSet {{{valueSet}}} (it has: {{{allowed}}}); the check F5120 refuses it at run time (at the default validationLevel).',
  ],
  F5365: [36, 'The variable {{{token}}} is assigned but never read.'],
  F5366: [
    36,
    'This is never evaluated: the $error() call on line {{{thrownAt}}} before it always throws. Remove it, or make the $error() conditional.',
  ],
  // F55xx/F56xx: user info and trace
  F5500: [50, '{{{message}}}'],
  F5600: [60, '{{{message}}}'],
};

/** Appended to an F2002 message when a close element, choice or slice name exists (static checks). */
export const DID_YOU_MEAN = '. Did you mean {{suggestion}}?';

export const CATALOGUE: Readonly<Record<string, CatalogueEntry>> = Object.freeze(
  Object.fromEntries(
    Object.entries(ENTRIES).map(([code, [severity, message]]) => [
      code,
      Object.freeze({ severity, message }),
    ]),
  ),
);

/** Message templates by code (the catalogue's `message` column). */
export const MESSAGES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(ENTRIES).map(([code, [, message]]) => [code, message])),
);

/** Numeric severity (§7.2): the catalogue's, else F5xyz → xy, everything else fatal (0). */
export function severityOf(code: string | undefined): number {
  if (typeof code !== 'string') return 0;
  const entry = ENTRIES[code];
  if (entry) return entry[0];
  if (/^F5\d{3}$/.test(code)) return Number(code.slice(2, 4));
  return 0;
}

/** Level name from severity (§7.2). */
export function levelOf(severity: number): string {
  if (severity < 10) return 'fatal';
  if (severity < 20) return 'invalid';
  if (severity < 30) return 'error';
  if (severity < 40) return 'warning';
  if (severity < 50) return 'notice';
  if (severity < 60) return 'info';
  return 'debug';
}
