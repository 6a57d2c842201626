import type * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';

/** The Monaco namespace the designer bundles (editor/monaco-setup.ts), as the editor modules receive it. */
export type MonacoApi = typeof monaco;
