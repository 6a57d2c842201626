import { errorReply, type ErrorReply } from '@mapx/api';
import type { MappingView } from './mapping-cache.js';

/**
 * Why `mappingId` is not served: MAPPING_NAME_INVALID when the store has a file by that name that is not a valid
 * mapping id (e.g. `my-map.mapx`), else MAPPING_NOT_FOUND.
 */
export function notServedReason(view: MappingView, mappingId: string) {
  const reason = view.rejected.get(mappingId);
  if (reason === undefined) return { code: 'MAPPING_NOT_FOUND' as const, params: { mappingId } };
  return { code: 'MAPPING_NAME_INVALID' as const, params: { mappingId, reason } };
}

/** The answer for a mapping that is not served. */
export function notServedAnswer(view: MappingView, mappingId: string): ErrorReply {
  const { code, params } = notServedReason(view, mappingId);
  return errorReply(code, { params });
}
