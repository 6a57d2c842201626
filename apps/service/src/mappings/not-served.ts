import type { MappingView } from './mapping-cache.js';

/** The store has a file by that name that is not a valid mapping id (e.g. `my-map.mapx`): say so. */
export function notServedAnswer(
  view: MappingView,
  mappingId: string,
): { message: string; code: 'MAPPING_NAME_INVALID' } | undefined {
  const reason = view.rejected.get(mappingId);
  if (reason === undefined) return undefined;
  return {
    message: `Mapping '${mappingId}' is not served: the mappings folder file ${reason}; rename the file`,
    code: 'MAPPING_NAME_INVALID',
  };
}
