import type { StoreErrorCode } from './store.js';

/** Stable error codes of the plugin system. */
export type PluginErrorCode =
  | 'PLUGIN_IMPORT_FAILED'
  | 'PLUGIN_BAD_BRAND'
  | 'PLUGIN_BAD_API_VERSION'
  | 'PLUGIN_BAD_KIND'
  | 'PLUGIN_PACKAGE_MISMATCH'
  | 'PLUGIN_DUPLICATE'
  | 'PLUGIN_BAD_OPTIONS'
  | 'PLUGIN_BAD_MANIFEST'
  | 'PLUGIN_NOT_FOUND'
  | 'PLUGIN_CREATE_FAILED';

/** A failure that names the plugin package, says what was expected, and keeps the cause. */
export class PluginError extends Error {
  override readonly name = 'PluginError';
  constructor(
    readonly code: PluginErrorCode | (string & {}),
    message: string,
    readonly packageName?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Thrown by stores; the service maps codes to HTTP statuses (conflict → 409). */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
