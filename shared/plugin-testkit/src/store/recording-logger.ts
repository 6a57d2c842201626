import type { PluginLogger } from '@mapx/plugin-api';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly obj: object | string;
  readonly msg: string | undefined;
}

export type RecordingLogger = PluginLogger & { readonly entries: LogEntry[] };

/** A plugin logger that keeps every call, so that a test can check what a plugin logged (and what it did not). */
export function createRecordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: object | string, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
