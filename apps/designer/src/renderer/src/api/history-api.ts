import { mappingHistorySchema, type MappingHistoryBody } from '@mapx/api';

type Result<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly code?: string };

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

type Call = <T>(path: string, init: RequestInit, parse: Parser<T> | 'text') => Promise<Result<T>>;

/** `GET /Mapping/{id}/$history` and one version's text (the History panel), through the client's `call`. */
export function historyApi(call: Call) {
  const history = (id: string) => `Mapping/${encodeURIComponent(id)}/$history`;
  return {
    mappingHistory: (id: string): Promise<Result<MappingHistoryBody>> =>
      call(history(id), { method: 'GET' }, mappingHistorySchema),
    mappingVersion: (id: string, versionId: string): Promise<Result<string>> =>
      call(`${history(id)}/${encodeURIComponent(versionId)}`, { method: 'GET' }, 'text'),
  };
}
