import { resolve } from 'node:path';
import { pluginNames } from './plugin-names.js';
import { scaffold } from './scaffold.js';
import { scaffoldVersions } from './scaffold-versions.js';
import { templateKinds } from './templates.js';

export const PLUGIN_USAGE = `Usage: mapx plugin new <kind> <package-name> [folder]

Creates a plugin package from a starter: manifest, README, source and a passing test using @mapx/plugin-testkit.
Kinds: ${templateKinds().join(', ')}. The folder defaults to the package name without its scope.`;

/** `mapx plugin new <kind> <name> [dir]`; returns the exit code. */
export function pluginCommand(argv: readonly string[]): number {
  const [sub, kind, name, dir, ...rest] = argv;
  if (sub === undefined || sub === 'help' || sub === '--help' || sub === '-h') {
    process.stdout.write(`${PLUGIN_USAGE}\n`);
    return 0;
  }
  if (sub !== 'new' || kind === undefined || name === undefined || rest.length > 0) {
    return fail(`unexpected arguments\n\n${PLUGIN_USAGE}`);
  }
  if (!templateKinds().includes(kind)) {
    return fail(`unknown plugin kind "${kind}"; one of: ${templateKinds().join(', ')}`);
  }
  const names = pluginNames(name, kind);
  if (!names.ok) return fail(names.message);
  const target = resolve(dir ?? name.replace(/^@[^/]+\//, ''));
  const versions = scaffoldVersions();
  const files = scaffold(kind, target, {
    __PACKAGE_NAME__: names.packageName,
    __PLUGIN_ID__: names.id,
    __ENV_PREFIX__: names.envPrefix,
    __PLUGIN_API_RANGE__: versions.pluginApi,
    __TESTKIT_RANGE__: versions.testkit,
    __VITEST_RANGE__: versions.vitest,
  });
  process.stdout.write(
    `created ${kind} plugin ${names.packageName} (id "${names.id}") in ${target}:\n` +
      files.map((f) => `  ${f}\n`).join('') +
      `next: cd ${target} && npm install && npm test\n`,
  );
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`mapx: ${message}\n`);
  return 1;
}
