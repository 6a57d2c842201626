import { errorReply, type ErrorReply } from '@mapx/api';
import type { MappingView } from './mapping-cache.js';

/**
 * Why `mappingId` is not served: MAPPING_NAME_INVALID when the store has a file by that name that is not a valid
 * mapping id (e.g. `my-map.mapx`), else MAPPING_NOT_FOUND.
 */
export function notServedAnswer(view: MappingView, mappingId: string): ErrorReply {
  const reason = view.rejected.get(mappingId);
  if (reason === undefined) return errorReply('MAPPING_NOT_FOUND', { params: { mappingId } });
  return errorReply('MAPPING_NAME_INVALID', { params: { mappingId, reason } });
}
