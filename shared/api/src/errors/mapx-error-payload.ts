/** The Mapx error payload (service-interface.md, "Mapx error payload"), members in their wire order. */
export interface MapxErrorBody {
  __isMapxError: true;
  __isFlashError: boolean;
  message: string;
  code: string;
  name: string;
  value: unknown;
  token: unknown;
  cause: unknown;
  line: number | string;
  start: number | string;
  position: number | string;
}

/** What a Mapx error payload says; an absent member is sent as `''`, as the payload always has. */
export interface MapxErrorFields {
  readonly message: string;
  readonly code: string;
  readonly name: string;
  readonly isFlashError?: boolean;
  readonly value?: unknown;
  readonly token?: unknown;
  readonly line?: number | string | undefined;
  readonly start?: number | string | undefined;
  readonly position?: number | string | undefined;
}

/** The one builder of the Mapx error payload (the plain, non-verbose error body of the evaluation routes). */
export function mapxErrorPayload(fields: MapxErrorFields): MapxErrorBody {
  return {
    __isMapxError: true,
    __isFlashError: fields.isFlashError ?? false,
    message: fields.message,
    code: fields.code,
    name: fields.name,
    value: fields.value ?? '',
    token: fields.token ?? '',
    cause: '',
    line: fields.line ?? '',
    start: fields.start ?? '',
    position: fields.position ?? '',
  };
}
