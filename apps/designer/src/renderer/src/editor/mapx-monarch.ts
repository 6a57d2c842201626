import type { languages } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { FUNCTIONS } from './function-table.js';

/**
 * Tokenizer for JSONata + FLASH. A `^` at the start of a Monarch regex only matches at the start of a line,
 * which is exactly how FLASH tells a rule (`* path`) from a multiplication or a wildcard.
 */
export const mapxMonarch: languages.IMonarchLanguage = {
  defaultToken: '',
  functions: FUNCTIONS.map((f) => `$${f.name}`),
  keywords: ['and', 'or', 'in', 'function'],
  constants: ['true', 'false', 'null'],
  tokenizer: {
    root: [
      [/(Instance|InstanceOf)(:)/, [{ token: 'keyword.flash' }, { token: 'keyword.flash', next: '@header' }]],
      [/^\s*\*\s*/, { token: 'keyword.rule', next: '@rulePath' }],
      { include: '@common' },
    ],
    common: [
      [/(https?|urn):[^\s)\]},;]+/, 'string.url'],
      [/\/\/.*$/, 'comment'],
      [/\/\*/, 'comment', '@comment'],
      [/"/, 'string', '@dstring'],
      [/'/, 'string', '@sstring'],
      [/`[^`]*`/, 'identifier'],
      [/\$\$?[A-Za-z_][\w]*/, { cases: { '@functions': 'predefined', '@default': 'variable' } }],
      [/\$\$?/, 'variable'],
      [/λ/, 'keyword'],
      [
        /[A-Za-z_][\w]*/,
        { cases: { '@keywords': 'keyword', '@constants': 'constant', '@default': 'identifier' } },
      ],
      [/-?\d+(\.\d+)?([eE][+-]?\d+)?/, 'number'],
      [/[{}()[\]]/, '@brackets'],
      [/:=|~>|\?\?|\?:|!=|<=|>=|\.\.|[=<>&+\-*/%?:!^#@|.,;]/, 'operator'],
      [/\s+/, 'white'],
    ],
    header: [
      [/\s+/, 'white'],
      [/[^\s)]+/, { token: 'type.identifier', next: '@pop' }],
      [/./, { token: '@rematch', next: '@pop' }],
    ],
    rulePath: [
      [/[A-Za-z_][\w]*|`[^`]*`/, 'attribute.name'],
      [/\[/, { token: 'delimiter.bracket', next: '@slice' }],
      [/\./, 'delimiter'],
      [/./, { token: '@rematch', next: '@pop' }],
    ],
    slice: [
      [/[^\]]+/, 'type.slice'],
      [/\]/, { token: 'delimiter.bracket', next: '@pop' }],
    ],
    comment: [
      [/[^/*]+/, 'comment'],
      [/\/\*/, 'comment', '@push'],
      [/\*\//, 'comment', '@pop'],
      [/[/*]/, 'comment'],
    ],
    dstring: [
      [/[^\\"]+/, 'string'],
      [/\\./, 'string.escape'],
      [/"/, 'string', '@pop'],
    ],
    sstring: [
      [/[^\\']+/, 'string'],
      [/\\./, 'string.escape'],
      [/'/, 'string', '@pop'],
    ],
  },
};
