import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/xml/xml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import { defineMapxThemes } from './mapx-themes.js';
import { registerMapxLanguage } from './mapx-language.js';
import type { MonacoApi } from './monaco-api.js';

/**
 * Monaco comes from this bundle, never from a CDN: the workers are built by Vite (same origin, allowed by the
 * page's `worker-src 'self'`), and `@monaco-editor/react` is told to use this instance.
 */
export function setUpMonaco(): MonacoApi {
  self.MonacoEnvironment = {
    getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
  };
  loader.config({ monaco });
  registerMapxLanguage(monaco);
  defineMapxThemes(monaco);
  return monaco;
}
