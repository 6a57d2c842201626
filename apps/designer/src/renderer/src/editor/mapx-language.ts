import type { MonacoApi } from './monaco-api.js';
import { mapxMonarch } from './mapx-monarch.js';

export const MAPX_LANGUAGE_ID = 'mapx';

/** Registers the `mapx` language: tokenizer, brackets, indentation folding and FLASH-aware Enter. */
export function registerMapxLanguage(monaco: MonacoApi): void {
  monaco.languages.register({ id: MAPX_LANGUAGE_ID, extensions: ['.mapx'], aliases: ['mapx', 'FLASH'] });
  monaco.languages.setMonarchTokensProvider(MAPX_LANGUAGE_ID, mapxMonarch);
  const { IndentAction } = monaco.languages;
  monaco.languages.setLanguageConfiguration(MAPX_LANGUAGE_ID, {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: "'", close: "'", notIn: ['string', 'comment'] },
      { open: '"', close: '"', notIn: ['string', 'comment'] },
      { open: '`', close: '`', notIn: ['string', 'comment'] },
      { open: '/*', close: ' */', notIn: ['string'] },
    ],
    surroundingPairs: [
      { open: '(', close: ')' },
      { open: '[', close: ']' },
      { open: '{', close: '}' },
      { open: "'", close: "'" },
      { open: '"', close: '"' },
    ],
    // FLASH nests by indentation, so folding does too.
    folding: { offSide: true },
    onEnterRules: [
      // `* path` without a value: its children follow, two columns deeper.
      {
        beforeText: /^\s*\*\s*[^=\s][^=]*$/,
        action: { indentAction: IndentAction.Indent, appendText: '* ' },
      },
      // `* path = value`: the next rule is a sibling.
      { beforeText: /^\s*\*.*=.*$/, action: { indentAction: IndentAction.None, appendText: '* ' } },
      // The block header: its rules start at the header's indentation.
      {
        beforeText: /^\s*InstanceOf:\s*\S+\s*$/,
        action: { indentAction: IndentAction.None, appendText: '* ' },
      },
    ],
  });
}
