import { useCallback, type Dispatch } from 'react';
import type { StandardMappingList } from '@mapx/api';
import type { ApiClient } from '../api/api-client.js';
import { loaded, useLoadedList, type Loadable } from './loadable.js';
import { newDocumentId, openStored, type DocumentsAction, type EditorDocument } from './documents.js';
import type { Feedback } from './use-feedback.js';

/**
 * The built-in standard mappings: listed apart from the user's own, opened read-only (their shipped text, also
 * when a user mapping overrides them), and copied into an ordinary document to edit and save. A service without
 * them (MAPX_STANDARD_MAPPINGS=off, or an older one without the route) gives an empty list.
 */
export function useStandardMappings(
  api: ApiClient,
  online: boolean,
  dispatch: Dispatch<DocumentsAction>,
  feedback: Feedback,
) {
  const load = useCallback(async (): Promise<Loadable<StandardMappingList>> => {
    const list = await api.listStandardMappings();
    if (!list.ok && (list.status === 404 || list.status === 405)) return { state: 'ready', value: [] };
    return loaded(list);
  }, [api]);
  const [standard, refresh] = useLoadedList(load, online);

  const open = useCallback(
    async (id: string) => {
      const text = await api.getStandardMapping(id);
      if (!text.ok)
        return feedback.notify('error', `Cannot open the standard mapping ${id}. ${text.message}`);
      dispatch(openStored(text.data, { title: `${id} (standard)`, standardId: id, origin: 'standard' }));
    },
    [api, dispatch, feedback],
  );

  /** A new, editable document with the standard mapping's text; saving it asks for an id (the same id overrides). */
  const copyToEdit = useCallback(
    (doc: EditorDocument) => {
      if (!doc.standardId) return;
      const copy: EditorDocument = {
        id: newDocumentId(),
        title: `${doc.standardId} (copy)`,
        text: doc.text,
        origin: 'scratch',
      };
      dispatch({ type: 'open', document: copy });
      feedback.notify(
        'info',
        `Copied ${doc.standardId}: save it under the id ${doc.standardId} to override the standard mapping, or under a new id`,
      );
    },
    [dispatch, feedback],
  );

  return { standard, refresh, open, copyToEdit };
}
