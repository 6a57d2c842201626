import type { ExplainSection } from '@mapx/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { editor, IDisposable } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { MonacoApi } from '../editor/monaco-api.js';
import { explainLeaves, type PrintedLeaf } from './explain-json-lines.js';

/** What the author pointed at: an output element (by JSON path) or a rule (by its line in the mapping). */
export type ExplainSelection = { kind: 'element'; path: string } | { kind: 'rule'; line: number } | undefined;

export type ExplainElement = ExplainSection['elements'][number];

/** Model paths of the three editors (as @monaco-editor/react names their models). */
export interface ExplainModels {
  readonly mapx: string | undefined;
  readonly input: string;
  readonly output: string;
}

export interface ExplainState {
  readonly explain: ExplainSection | undefined;
  readonly leaves: Map<string, PrintedLeaf>;
  readonly selection: ExplainSelection;
  readonly select: (selection: ExplainSelection) => void;
  /** The elements the selection stands for (one element, or every element a rule produced). */
  readonly selectedElements: readonly ExplainElement[];
}

/**
 * Explain highlighting across the editors: the selected element's rule (mapping) and input lines (input), the
 * selected rule's output lines; always, rules that produced nothing are marked and input lines never read are
 * dimmed. Moving the cursor onto a rule line or an output line selects it.
 */
export function useExplain(
  monaco: MonacoApi,
  explain: ExplainSection | undefined,
  result: unknown,
  models: ExplainModels,
): ExplainState {
  const [selection, setSelection] = useState<ExplainSelection>(undefined);
  const leaves = useMemo(() => explainLeaves(result), [result]);
  useEffect(() => setSelection(undefined), [explain]);
  const selectedElements = useMemo(() => elementsOf(explain, selection), [explain, selection]);
  const decorations = useRef(new Map<string, string[]>());

  useEffect(() => {
    const apply = (path: string | undefined, list: editor.IModelDeltaDecoration[]) => {
      if (!path) return;
      const model = monaco.editor.getModel(monaco.Uri.parse(path));
      if (!model) return;
      const old = decorations.current.get(model.uri.toString()) ?? [];
      decorations.current.set(model.uri.toString(), model.deltaDecorations(old, list));
    };
    const mapx: editor.IModelDeltaDecoration[] = [];
    const input: editor.IModelDeltaDecoration[] = [];
    const output: editor.IModelDeltaDecoration[] = [];
    if (explain) {
      for (const r of explain.empty)
        mapx.push(lineDecoration(r.line, 'explain-empty-rule', `Produced nothing${missedText(r.missed)}`));
      for (const line of explain.inputLines?.unread ?? [])
        input.push(lineDecoration(line, 'explain-unread', undefined, 'explain-unread-text'));
      const ruleLines = new Set<number>();
      const inputLines = new Set<number>();
      for (const e of selectedElements) {
        if (!e.rule.expression) ruleLines.add(e.rule.line);
        for (const line of e.lines ?? []) inputLines.add(line);
        const leaf = leaves.get(e.path);
        if (leaf) output.push(lineDecoration(leaf.line, 'explain-hit'));
      }
      if (selection?.kind === 'rule') ruleLines.add(selection.line);
      for (const line of ruleLines) mapx.push(lineDecoration(line, 'explain-hit'));
      for (const line of inputLines) input.push(lineDecoration(line, 'explain-hit'));
    }
    apply(models.mapx, mapx);
    apply(models.input, input);
    apply(models.output, output);
  }, [monaco, explain, leaves, selection, selectedElements, models.mapx, models.input, models.output]);

  const select = useCallback((s: ExplainSelection) => setSelection(s), []);
  useCursorSelection(monaco, explain, leaves, models, select);
  return { explain, leaves, selection, select, selectedElements };
}

/** The cursor on a rule line (mapping editor) or on an element line (output editor) selects it. */
function useCursorSelection(
  monaco: MonacoApi,
  explain: ExplainSection | undefined,
  leaves: Map<string, PrintedLeaf>,
  models: ExplainModels,
  select: (s: ExplainSelection) => void,
) {
  useEffect(() => {
    if (!explain) return;
    const ruleLines = new Set(explain.rules.map((r) => r.line));
    const byLine = new Map<number, string>();
    for (const [path, leaf] of leaves) byLine.set(leaf.line, path);
    const subscriptions: IDisposable[] = [];
    const pointAt = (ed: editor.ICodeEditor, line: number) => {
      const path = ed.getModel()?.uri.toString();
      if (path === uriOf(monaco, models.mapx) && ruleLines.has(line)) select({ kind: 'rule', line });
      else if (path === uriOf(monaco, models.output) && byLine.has(line))
        select({ kind: 'element', path: byLine.get(line)! });
    };
    const watch = (ed: editor.ICodeEditor) => {
      subscriptions.push(ed.onDidChangeCursorPosition((event) => pointAt(ed, event.position.lineNumber)));
      // hovering an output element explains it too (the mapping editor selects rules by cursor only: hovering
      // it while typing would keep changing the highlights)
      subscriptions.push(
        ed.onMouseMove((event) => {
          const line = event.target.position?.lineNumber;
          if (line !== undefined && ed.getModel()?.uri.toString() === uriOf(monaco, models.output))
            pointAt(ed, line);
        }),
      );
    };
    monaco.editor.getEditors().forEach(watch);
    subscriptions.push(monaco.editor.onDidCreateEditor(watch));
    return () => subscriptions.forEach((s) => s.dispose());
  }, [monaco, explain, leaves, models.mapx, models.output, select]);
}

function uriOf(monaco: MonacoApi, path: string | undefined): string | undefined {
  return path === undefined ? undefined : monaco.Uri.parse(path).toString();
}

function elementsOf(explain: ExplainSection | undefined, s: ExplainSelection): ExplainElement[] {
  if (!explain || !s) return [];
  if (s.kind === 'element') return explain.elements.filter((e) => e.path === s.path);
  return explain.elements.filter((e) => !e.rule.expression && e.rule.line === s.line);
}

function missedText(missed: readonly string[]): string {
  return missed.length ? `: nothing at ${missed.join(', ')}` : '';
}

function lineDecoration(
  line: number,
  className: string,
  hover?: string,
  inlineClassName?: string,
): editor.IModelDeltaDecoration {
  // the model clamps the end column to the line's end: the inline class then covers the whole text
  const endColumn = inlineClassName ? 1_000_000 : 1;
  return {
    range: { startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn },
    options: {
      isWholeLine: true,
      className,
      ...(inlineClassName ? { inlineClassName } : {}),
      ...(hover ? { hoverMessage: { value: hover }, glyphMarginClassName: `${className}-glyph` } : {}),
    },
  };
}
