import type { FhirClient } from '@mapx/fhir-client';
import { functionError } from './function-error.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';

/** Host-provided named FHIR connections, for `$useFhirServer` / `$fhirConnectionNames` (§6.5). */
export interface FhirConnectionResolver {
  names(): readonly string[];
  resolve(
    target: string | undefined,
    config: Record<string, unknown> | undefined,
  ): FhirClient | Promise<FhirClient>;
}

/** Scope variable holding the connection chosen by `$useFhirServer`; a symbol, so expressions cannot touch it. */
const ACTIVE_CLIENT = Symbol.for('mapx.activeFhirClient');

/** The FHIR client in effect at the call site: the scope's `$useFhirServer` choice, else the host's. */
export function activeFhirClient(ctx: FunctionCallContext): FhirClient | undefined {
  const scoped = ctx.environment.lookup(ACTIVE_CLIENT as unknown as string) as FhirClient | undefined;
  return scoped ?? (ctx.services['fhirClient'] as FhirClient | undefined);
}

function resolverOf(ctx: FunctionCallContext): FhirConnectionResolver | undefined {
  return ctx.services['fhirConnectionResolver'] as FhirConnectionResolver | undefined;
}

export const fhirConnectionFunctions: readonly MapxFunction[] = [
  {
    name: 'useFhirServer',
    signature: '<s?o?:u>',
    async impl(this: FunctionCallContext, target?: string, config?: Record<string, unknown>) {
      const resolver = resolverOf(this);
      if (!resolver || !this.environment.bind) throw functionError('D3200', { token: 'useFhirServer' });
      let client: FhirClient;
      try {
        client = await resolver.resolve(target, config);
      } catch (err) {
        const errorMessage = err instanceof Error ? err.message : String(err);
        throw functionError('D3201', { token: 'useFhirServer', target, errorMessage });
      }
      this.environment.bind(ACTIVE_CLIENT as unknown as string, client);
      return undefined;
    },
  },
  {
    name: 'fhirConnectionNames',
    signature: '<:a<s>>',
    impl(this: FunctionCallContext) {
      return [...(resolverOf(this)?.names() ?? [])];
    },
  },
];
