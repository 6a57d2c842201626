import type { MonacoApi } from './monaco-api.js';

/** Light and dark editor themes; the app picks one from `prefers-color-scheme`. */
export function defineMapxThemes(monaco: MonacoApi): void {
  monaco.editor.defineTheme('mapx-light', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword.flash', foreground: '7c3aed', fontStyle: 'bold' },
      { token: 'keyword.rule', foreground: 'c2410c', fontStyle: 'bold' },
      { token: 'attribute.name', foreground: '0f5d8c' },
      { token: 'type.slice', foreground: '0f766e', fontStyle: 'italic' },
      { token: 'type.identifier', foreground: '0f766e', fontStyle: 'bold' },
      { token: 'variable', foreground: '9a3412' },
      { token: 'predefined', foreground: '6d28d9' },
      { token: 'string.url', foreground: '0f766e', fontStyle: 'underline' },
    ],
    colors: { 'editor.background': '#ffffff' },
  });
  monaco.editor.defineTheme('mapx-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword.flash', foreground: 'c4b5fd', fontStyle: 'bold' },
      { token: 'keyword.rule', foreground: 'fdba74', fontStyle: 'bold' },
      { token: 'attribute.name', foreground: '7dd3fc' },
      { token: 'type.slice', foreground: '5eead4', fontStyle: 'italic' },
      { token: 'type.identifier', foreground: '5eead4', fontStyle: 'bold' },
      { token: 'variable', foreground: 'fca5a5' },
      { token: 'predefined', foreground: 'd8b4fe' },
      { token: 'string.url', foreground: '5eead4', fontStyle: 'underline' },
    ],
    colors: { 'editor.background': '#16181d' },
  });
}
