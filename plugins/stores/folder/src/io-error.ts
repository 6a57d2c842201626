import { StoreError } from '@mapx/plugin-api';

export function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A StoreError whose message names the operation and the errno code, never the stack. */
export function ioError(message: string, cause: unknown): StoreError {
  if (cause instanceof StoreError) return cause;
  const code = errnoCode(cause);
  return new StoreError('STORE_IO', code ? `${message} (${code})` : message, { cause });
}
