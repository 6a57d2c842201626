import { useCallback, type Dispatch } from 'react';
import type { ApiClient } from '../api/api-client.js';
import { describeDiagnostics, type CompileReport } from '../api/compile-headers.js';
import { loaded, useLoadedList } from './loadable.js';
import { openStored, type DocumentsAction, type EditorDocument } from './documents.js';
import type { Feedback } from './use-feedback.js';

/** Saved mappings are also callable as `$id(...)`, so ids are JSONata-name-like (plugin-api's MAPPING_ID_PATTERN). */
const ID_PATTERN = '[A-Za-z][A-Za-z0-9]{0,63}';

/** The saved-mapping flows: list, open, save (201/200), delete with confirmation, reload caches. */
export function useSavedMappings(
  api: ApiClient,
  online: boolean,
  dispatch: Dispatch<DocumentsAction>,
  feedback: Feedback,
  onRecached: () => void,
  /** A save answered: what the service's compiler said about the stored text, for the document's markers. */
  onSaved: (docId: string, mappingId: string, report: CompileReport) => void,
) {
  const load = useCallback(async () => {
    const list = await api.listMappings();
    return loaded(list.ok ? { ok: true, data: [...list.data].sort() } : list);
  }, [api]);
  const [mappings, refresh] = useLoadedList(load, online);

  const open = useCallback(
    async (id: string) => {
      const text = await api.getMapping(id);
      if (!text.ok) return feedback.notify('error', `Cannot open ${id}. ${text.message}`);
      dispatch(openStored(text.data, { title: id, mappingId: id, origin: 'mapping' }));
    },
    [api, dispatch, feedback],
  );

  const save = useCallback(
    async (doc: EditorDocument, askForId: boolean) => {
      const id =
        !askForId && doc.mappingId
          ? doc.mappingId
          : await feedback.prompt({
              title: 'Save as mapping',
              message:
                'Mapping id: letters and digits, starting with a letter (it is also callable as $id()).',
              confirmLabel: 'Save',
              initial: doc.mappingId ?? '',
              pattern: ID_PATTERN,
            });
      if (id === undefined) return;
      const saved = await api.putMapping(id, doc.text);
      if (!saved.ok) return feedback.notify('error', `Saving ${id} failed. ${saved.message}`);
      dispatch({ type: 'saved', id: doc.id, mappingId: id, text: doc.text });
      const done = saved.status === 201 ? `Created mapping ${id} (201)` : `Saved mapping ${id} (200)`;
      const { outcome, diagnostics } = saved.data;
      if (outcome === 'failed')
        feedback.notify('error', `${done}, but it does not compile: ${describeDiagnostics(diagnostics)}`);
      else if (diagnostics.length > 0)
        feedback.notify(
          'warning',
          `${done} with ${diagnostics.length} compile warning${diagnostics.length === 1 ? '' : 's'}: ${describeDiagnostics(diagnostics)}`,
        );
      else feedback.notify('success', done);
      onSaved(doc.id, id, saved.data);
      void refresh();
    },
    [api, dispatch, feedback, refresh, onSaved],
  );

  const remove = useCallback(
    async (id: string) => {
      const ok = await feedback.confirm({
        title: 'Delete mapping',
        message: `Delete the saved mapping "${id}" from the service? This cannot be undone.`,
        confirmLabel: 'Delete',
        danger: true,
      });
      if (!ok) return;
      const deleted = await api.deleteMapping(id);
      if (!deleted.ok) return feedback.notify('error', `Deleting ${id} failed. ${deleted.message}`);
      dispatch({ type: 'detach', mappingId: id });
      feedback.notify('success', `Deleted mapping ${id}`);
      void refresh();
    },
    [api, dispatch, feedback, refresh],
  );

  const recache = useCallback(async () => {
    const result = await api.recache();
    if (!result.ok) return feedback.notify('error', `Reloading caches failed. ${result.message}`);
    feedback.notify('success', `Caches reloaded: ${result.data.mappings.length} mapping(s)`);
    onRecached();
    void refresh();
  }, [api, feedback, onRecached, refresh]);

  return { mappings, refresh, open, save, remove, recache };
}
