/** A compact description of one operation, expanded into OpenAPI by `buildOpenApiDocument`. */
export interface OperationSpec {
  readonly method: 'get' | 'post' | 'put' | 'delete' | 'options';
  /** OpenAPI path, e.g. `/Mapping/{mappingId}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly description?: string;
  readonly verbose?: boolean;
  readonly query?: readonly { name: string; description: string; enum?: readonly string[] }[];
  readonly requestBody?: Readonly<Record<string, string>>;
  /** status → [description, media type → schema name ('' for text)] */
  readonly responses: Readonly<Record<string, readonly [string, Readonly<Record<string, string>>?]>>;
}

const json = (schema: string) => ({ 'application/json': schema });
export const J = json;
export const MAPX_TEXT = { 'application/vnd.vendor.mapx': '' } as const;
