import type { IDisposable, editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { MonacoApi } from './monaco-api.js';

/**
 * Makes the FLASH Enter rules deterministic. Monaco applies `onEnterRules` only when the line is "cheap to
 * tokenize", i.e. the lines above it are already tokenized; otherwise Enter silently falls back to copying the
 * indentation (no `* `, no extra indent). Tokenizing is left to an idle callback after every edit, so typing a
 * line and pressing Enter faster than the browser becomes idle (a busy machine, a fast typist, a paste) used to
 * lose the FLASH indentation. Tokenizing the cursor lines on the Enter key-down, before Monaco handles the
 * newline, removes that race; it costs at most the few lines edited since the last idle moment.
 */
export function tokenizeBeforeEnter(monaco: MonacoApi, instance: editor.IStandaloneCodeEditor): IDisposable {
  return instance.onKeyDown((event) => {
    if (event.keyCode !== monaco.KeyCode.Enter) return;
    const model = instance.getModel();
    if (!model) return;
    for (const selection of instance.getSelections() ?? []) {
      // The public way to force tokenization up to a line (it tokenizes every invalid line before it).
      monaco.editor.colorizeModelLine(model, selection.startLineNumber);
    }
  });
}
