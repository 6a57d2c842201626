import { findPackage } from '../../plugins/find-package.js';
import { SERVICE_DIR } from '../../plugins/discover-plugins.js';

/** Version ranges a new plugin starts with: the plugin API and testkit this mapx ships, and the testkit's Vitest. */
export function scaffoldVersions(): { pluginApi: string; testkit: string; vitest: string } {
  const api = findPackage('@mapx/plugin-api', SERVICE_DIR);
  const testkit = findPackage('@mapx/plugin-testkit', SERVICE_DIR);
  if (!api) throw new Error('@mapx/plugin-api is not installed next to mapx');
  const apiVersion = api.version;
  const peers = (testkit?.json.peerDependencies ?? {}) as Record<string, string>;
  return {
    pluginApi: `^${apiVersion}`,
    // the testkit is versioned with the plugin API (one changesets group): same version when not installed here
    testkit: `^${testkit?.version ?? apiVersion}`,
    vitest: peers.vitest ?? '^4.1.12',
  };
}
