import type { FhirElementInfo, TemplateType } from '@mapx/api';
import type { IDisposable, IRange, editor, languages } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { ApiClient } from '../api/api-client.js';
import { completionContext } from './completion-context.js';
import { elementLabels } from './element-labels.js';
import { FUNCTIONS } from './function-table.js';
import { MAPX_LANGUAGE_ID } from './mapx-language.js';
import type { MonacoApi } from './monaco-api.js';

/** Caches what completion asks the service for; cleared after a recache. */
export interface CompletionSources {
  templates(): Promise<ReadonlyArray<{ id: string; type: TemplateType }>>;
  elements(type: string, path: string): Promise<readonly FhirElementInfo[]>;
  clear(): void;
}

const TEMPLATE_KINDS: readonly TemplateType[] = ['profile', 'resource', 'datatype', 'extension'];

export function createCompletionSources(api: () => ApiClient): CompletionSources {
  let templates: Promise<Array<{ id: string; type: TemplateType }>> | undefined;
  const elements = new Map<string, Promise<readonly FhirElementInfo[]>>();
  const loadTemplates = async () => {
    const lists = await Promise.all(TEMPLATE_KINDS.map((type) => api().listTemplates(type)));
    return lists.flatMap((list, i) =>
      list.ok ? list.data.map((id) => ({ id, type: TEMPLATE_KINDS[i] ?? 'resource' })) : [],
    );
  };
  return {
    templates: () => (templates ??= loadTemplates()),
    elements: (type, path) => {
      const key = `${type}\u0000${path}`;
      let found = elements.get(key);
      if (!found) {
        found = api()
          .elements(type, path)
          .then((r) => (r.ok ? r.data : []));
        elements.set(key, found);
        void found.then((list) => list.length === 0 && elements.delete(key));
      }
      return found;
    },
    clear: () => {
      templates = undefined;
      elements.clear();
    },
  };
}

function elementItems(monaco: MonacoApi, elements: readonly FhirElementInfo[], range: IRange) {
  return elements.flatMap((element, index) =>
    elementLabels(element).map((label): languages.CompletionItem => ({
      label,
      kind: element.isSlice
        ? monaco.languages.CompletionItemKind.EnumMember
        : monaco.languages.CompletionItemKind.Field,
      detail: `${element.types.join(' | ')}  ${element.min}..${element.max}`,
      documentation: [
        element.short,
        element.binding && `Binding: ${element.binding.strength} ${element.binding.valueSet ?? ''}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      insertText: label,
      filterText: label,
      sortText: String(index).padStart(4, '0'),
      range,
    })),
  );
}

async function suggest(
  monaco: MonacoApi,
  sources: CompletionSources,
  model: editor.ITextModel,
  position: { lineNumber: number; column: number },
) {
  const context = completionContext(model.getLinesContent(), position.lineNumber - 1, position.column - 1);
  if (!context) return [];
  // Typing `[` auto-closes it: a slice label then replaces that `]` too instead of doubling it.
  const next = model.getLineContent(position.lineNumber).charAt(position.column - 1);
  const openSlice = context.prefix.lastIndexOf('[') > context.prefix.lastIndexOf(']');
  const range = {
    startLineNumber: position.lineNumber,
    endLineNumber: position.lineNumber,
    startColumn: position.column - context.prefix.length,
    endColumn: position.column + (openSlice && next === ']' ? 1 : 0),
  };
  const kinds = monaco.languages.CompletionItemKind;
  if (context.kind === 'instanceOf') {
    const templates = await sources.templates();
    return templates.map((t): languages.CompletionItem => ({
      label: t.id,
      kind: kinds.Class,
      detail: t.type,
      insertText: t.id,
      range,
    }));
  }
  if (context.kind === 'function') {
    return FUNCTIONS.map((f): languages.CompletionItem => ({
      label: `$${f.name}`,
      kind: kinds.Function,
      detail: `$${f.name}(${f.params})`,
      documentation: f.doc,
      insertText: `$${f.name}(`,
      range,
    }));
  }
  return elementItems(monaco, await sources.elements(context.type, context.parentPath), range);
}

export function registerMapxCompletion(monaco: MonacoApi, sources: CompletionSources): IDisposable {
  return monaco.languages.registerCompletionItemProvider(MAPX_LANGUAGE_ID, {
    triggerCharacters: [' ', '.', '$', '['],
    provideCompletionItems: async (model, position) => ({
      suggestions: await suggest(monaco, sources, model, position),
    }),
  });
}
