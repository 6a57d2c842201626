/**
 * The mapx engine's error catalogue (mapping-language.md Appendix A). JSONata's own S/T/D codes keep the
 * messages jsonata populates; the codes listed here are the ones mapx raises itself.
 */
export const MESSAGES: Readonly<Record<string, string>> = {
  S0101: 'String literal must be terminated by a matching quote',
  S0102: 'Number out of range: {{token}}',
  S0103: 'Unsupported escape sequence: \\{{{token}}}',
  S0104: 'The escape sequence \\u must be followed by 4 hex digits',
  S0105: 'Quoted property name must be terminated with a backquote (`)',
  S0106: 'Comment has no closing tag',
  S0206: 'Unknown expression type: {{token}}',
  S0218: 'The operator {{token}} must be followed by an expression',
  S0301: 'Empty regular expressions are not allowed',
  S0302: 'No terminating / in regular expression',
  S0303: 'Invalid regular expression: {{{value}}}',
  D1011:
    'Stack overflow. Check for non-terminating recursive function.  Consider rewriting as tail-recursive',
  D1012: 'Evaluation timeout after {{value}} milliseconds. Check for infinite loop',
  D1013:
    'Regular expression {{value}} has a shape that can take exponential time (nested or overlapping quantifiers) and was refused',
  D3120: 'Syntax error in expression passed to function eval: {{value}}',
  D3121: 'Dynamic error evaluating the expression passed to function eval: {{value}}',
  F1000:
    'FLASH blocks are present in the expression, but no FHIR Structure Navigator was provided. Cannot process FHIR conformance.',
  F1009: 'An `Instance:` declaration must be immediately followed by `InstanceOf:`',
  F1010: '`Instance:` declaration must come BEFORE `InstanceOf:`',
  F1011:
    'A FLASH block can only contain FLASH rules (lines starting with `*`) or variable assignments ($v := value)',
  F1012: 'Malformed FLASH rule: missing expression after `=`',
  F1013: 'An `InstanceOf:` declaration following `Instance:` must start on a new line',
  F1014: '`InstanceOf:` must have the same indentation as `Instance:` ({{{token}}}). Instead got {{{value}}}',
  F1016: 'Indentation in this FLASH block cannot be lower than {{{token}}}. Instead found {{{value}}}',
  F1017: 'Unexpected indentation. Expected {{{token}}}, found {{{value}}}',
  F1018: 'Expected an expression after the `Instance:` keyword. Instead found {{{value}}}',
  F1019: 'Expected a FHIR type/profile identifier after the `InstanceOf:` keyword.',
  F1020: 'The `:=` operator is used to bind values to variable names (starting with $). Did you mean `=`?',
  F1021: 'Indentation in FLASH blocks must be in increments of 2 spaces. Found {{{value}}}',
  F1022: 'Malformed FLASH rule: Duplicate `*` operator',
  F1023:
    "Malformed FLASH rule: The path after the '*' cannot start with '$'. If you wanted to assign a variable, omit the * from the beginning of the line",
  F1024: 'Malformed FLASH rule: Rule is empty',
  F1025: "Malformed variable assignment. Did you mean ':='?",
  F1026: 'Value of `InstanceOf:` must be a valid FHIR type/profile identifier. Found: {{{value}}}',
  F1027: 'Illegal slice name in FALSH path. Got: {{token}}',
  F1028:
    "FLASH path segments must be on the same line. You may use indented rules (starting with '*') to continue the path on the next line.",
  F1029: 'Each FLASH path segment must be a simple alpha-numeric name. Got: {{token}}',
  F1030: 'FLASH path is invalid. Token {{token}} is unexpected here.',
  F1031: 'A FLASH block cannot be used here: {{{value}}}',
  F1100: 'This closing {{token}} is not matched by an opening {{matchingOpening}}',
  F1101: 'Missing expression after {{token}}. Objects must contain only key-value pairs',
  F1102: 'Looks like you have an extra {{token}} at the beginning of the object.',
  F1103:
    'Semicolon ";" cannot be used here. Semicolons are used to separate sub-expressions in top-level mappings, parenthesis blocks and function definitions.',
  F1104:
    'This key is not followed by a ":" and is missing a value. Objects must contain only key-value pairs',
  F1105: 'Looks like you have an extra {{token}} at the end of the object.',
  F1106: 'Looks like a comma "," is missing here, to separate the values in the array.',
  F1107: 'Duplicate parent operator ("%").',
  F1108: 'Looks like you have an extra {{token}} at the end of the array.',
  F1109: 'The ":" symbol is only valid in objects ({ key : value }), but this is an array. Did you mean ","?',
  F1110: 'Duplicate comma ({{token}})',
  F2001: 'Could not find a FHIR type/profile definition with identifier {{value}}',
  F2002: 'Invalid element path: element "{{{value}}}" was not found in {{fhirType}}',
  F2003: 'Failed to fetch definition of children for {{value}} in {{fhirType}}.',
  F2004:
    '{{value}} in {{fhirType}} is a choice type element. Please select a type using one of: {{{allowedNames}}}.',
  F2006: 'Failed to fetch definition of children for {{fhirType}}.',
  F2007: 'Element definition for {{value}} in {{fhirType}} has no type defined.',
  F2008: 'Failed to fetch definition of children for mandatory element {{value}} in {{fhirType}}.',
  F3001: 'Failed to evaluate mapping {{value}}: {{{sourceMessage}}}',
  F3002: 'Failed to parse mapping {{value}}: {{{sourceMessage}}}',
  F3006: 'Failed to retrieve mapping {{value}} from cache: {{{sourceMessage}}}',
  F3008: 'Mapping {{value}} must be a string expression. Instead got type: {{valueType}}.',
  F5101:
    'Value for {{fhirElement}} in {{instanceOf}} must be a primitive value, received type: {{valueType}}.',
  F5102:
    'Value for {{fhirElement}} in {{fhirParent}} must be a Resource object, received type: {{valueType}}.',
  F5103:
    'Element {{fhirElement}} in {{fhirParent}} must be a Resource, but no "resourceType" attribute was found in the assigned object.',
  F5104:
    'Value for {{fhirElement}} in {{fhirParent}} must be a complex object, received primitive type: {{valueType}}.',
  F5110:
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. The value must match the regular expression: {{{regex}}}',
  F5111:
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. The value must be a valid calendar date/dateTime.',
  F5112:
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. Strings must contain at least one non-whitespace character and may only include TAB, LF, CR, or Unicode characters U+0020 and above (excluding U+0080..U+009F).',
  F5113:
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. Codes must have no leading/trailing whitespace, no consecutive spaces, and may only contain space (U+0020) or NBSP (U+00A0) as internal whitespace.',
  F5114:
    'The value {{value}} is invalid for FHIR element {{fhirElement}} (type: {{fhirType}}) in {{instanceOf}}. String length ({{actualLength}}) exceeds maximum allowed length of {{maxLength}}.',
  F5120: 'Value {{value}} for {{fhirElement}} in {{instanceOf}} is not in the required ValueSet.',
  F5130:
    'The FHIR element {{fhirElement}} is mandatory in {{fhirParent}} (minimum {{{cardinalityMin}}}), but no value was provided.',
  F5131: 'Element {{value}} is forbidden according to definition: {{fhirType}}.',
  F5140: 'Missing required slice {{sliceName}} under {{fhirElement}} in {{fhirParent}}.',
  F5320: '{{{message}}}',
  F5500: '{{{message}}}',
  F5600: '{{{message}}}',
};

/** Numeric severity (§7.2): F5xyz → xy, everything else fatal (0). */
export function severityOf(code: string | undefined): number {
  if (typeof code === 'string' && /^F5\d{3}$/.test(code)) return Number(code.slice(2, 4));
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
