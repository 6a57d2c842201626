import { defineAuthProvider, PluginError } from '@mapx/plugin-api';
import { createPolicyBuilderRoute } from './builder/policy-builder-route.js';
import { loadAuthConfig } from './config/load-auth-config.js';
import { createAuthLayer } from './create-auth-layer.js';
import { authOptionsFromEnv, authOptionsSchema } from './options.js';

export { AUTH_ERROR_CODES, type AuthErrorCode } from './errors.js';
export { authConfigSchema, type AuthConfig } from './config/auth-config-schema.js';
export { loadAuthConfig, validateAuthConfig } from './config/load-auth-config.js';
export { createAuthLayer } from './create-auth-layer.js';
export { createPolicyBuilderRoute, POLICY_BUILDER_PATH } from './builder/policy-builder-route.js';
export { authOptionsSchema, type AuthOptions } from './options.js';
export {
  compilePolicy,
  resolvePolicy,
  decideAccess,
  type PolicyDocument,
  type Resolution,
} from './policy/policy-resolver.js';

/** The auth layer described by auth.yaml (spec: Authentication). */
const authPlugin = defineAuthProvider({
  meta: {
    packageName: '@mapx/auth',
    version: '0.1.0',
    id: 'auth-yaml',
    apiVersion: 1,
    description: 'auth.yaml: bearer JWT verification (OIDC), route policy, token mediator, policy builder',
  },
  optionsSchema: authOptionsSchema,
  optionsFromEnv: authOptionsFromEnv,
  policyBuilder: createPolicyBuilderRoute(),
  create(options, ctx) {
    const loaded = loadAuthConfig(options.configPath, options.cwd ?? process.cwd(), ctx.env);
    if (!loaded.ok) return Promise.reject(new PluginError(loaded.code, loaded.message, '@mapx/auth'));
    if (loaded.config === null) {
      ctx.logger.info({ mode: 'no-auth' }, 'auth mode: no-auth (no auth.yaml found)');
      return Promise.resolve(null);
    }
    const layer = createAuthLayer(loaded.config, { ...options, logger: ctx.logger, origin: loaded.origin });
    return Promise.resolve(layer);
  },
});

export default authPlugin;
