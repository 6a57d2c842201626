import { z } from 'zod';

/** Bodies of the mapping history routes (`GET /Mapping/{mappingId}/$history`, docs/stores.md#history). */
export const mappingVersionSummarySchema = z.object({
  /** The store's id of the version: `^[A-Za-z0-9.-]{1,64}$`. */
  versionId: z.string(),
  /** When the version was saved (ISO 8601), when the store knows it. */
  savedAt: z.string().optional(),
  /** True for the version served now. */
  current: z.boolean(),
});
export type MappingVersionSummaryBody = z.infer<typeof mappingVersionSummarySchema>;

export const mappingHistorySchema = z.object({
  mappingId: z.string(),
  /** Newest first: the current version (when the mapping exists), then the earlier ones the store keeps. */
  versions: z.array(mappingVersionSummarySchema),
});
export type MappingHistoryBody = z.infer<typeof mappingHistorySchema>;

/** Response headers of a version read: which version the body is. */
export const VERSION_ID_HEADER = 'x-mapx-version-id';
export const VERSION_SAVED_AT_HEADER = 'x-mapx-saved-at';
