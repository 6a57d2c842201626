/// <reference types="vite/client" />

// The editor core and its contributions without the bundled language services we do not use.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor/esm/vs/editor/editor.api.js';
}
declare module 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
declare module 'monaco-editor/esm/vs/basic-languages/xml/xml.contribution.js';
