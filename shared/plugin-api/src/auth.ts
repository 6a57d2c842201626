import type { PluginBase } from './plugin.js';
import type { PluginContext } from './context.js';

export type AuthMode = 'no-auth' | 'auth-available' | 'auth-required';

/** A framework-neutral request as the auth layer sees it. Header names are lower case. */
export interface AuthRequest {
  readonly method: string;
  /** Path without the query string, as received. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

/** A framework-neutral reply. */
export interface AuthReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Objects are sent as JSON (with the content type from `headers` when given); strings as is. */
  readonly body?: unknown;
}

export type AuthDecision =
  | { readonly allow: true; readonly principal?: AuthPrincipal }
  | { readonly allow: false; readonly reply: AuthReply };

export interface AuthPrincipal {
  readonly subject: string;
  readonly roles: readonly string[];
  readonly claims: Readonly<Record<string, unknown>>;
}

export interface AuthRoute {
  readonly method: 'GET' | 'POST' | 'OPTIONS';
  readonly path: string;
  handle(req: AuthRequest): Promise<AuthReply> | AuthReply;
}

export interface AuthLayer {
  readonly mode: AuthMode;
  /** Decides every request before its route runs (the host always lets `GET /health` through). */
  authorize(req: AuthRequest): Promise<AuthDecision> | AuthDecision;
  /** Extra endpoints the layer serves (metadata, token mediator, policy builder). */
  readonly routes: readonly AuthRoute[];
  /**
   * Origins a browser client of this service must reach to log in (the identity provider's issuer and token
   * endpoint). The host allows them in the designer page's Content-Security-Policy `connect-src`.
   */
  browserOrigins?(): readonly string[];
  close(): Promise<void>;
}

export interface AuthProviderPlugin<O = unknown> extends PluginBase<'auth-provider', O> {
  /** Resolves null for no-auth mode (no configuration found). Throws a PluginError on bad configuration. */
  create(options: O, ctx: PluginContext): Promise<AuthLayer | null>;
  /**
   * The offline policy editor (GET /auth/policy/builder). The host mounts it in every mode, including no-auth
   * (when `create` resolves null); it is not repeated in `AuthLayer.routes`.
   */
  readonly policyBuilder?: AuthRoute;
}
