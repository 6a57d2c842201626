import type * as Jose from 'jose';

export type JoseModule = typeof Jose;

let loading: Promise<JoseModule> | undefined;

/**
 * jose is imported when the first bearer verifier is created, not with the plugin: without an auth.yaml no token
 * is ever verified, and importing it cost 20–40 ms of CPU at every start (docs/performance.md, Start-up).
 */
export function loadJose(): Promise<JoseModule> {
  loading ??= import('jose');
  return loading;
}
