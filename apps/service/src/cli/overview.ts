import { readFileSync } from 'node:fs';

/** The version of @mapx/service this CLI belongs to. */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export const OVERVIEW = `Usage: mapx <command> [options]

Commands:
  eval     evaluate one expression or mapping against one input, as POST / does
  run      map a whole archive (files, folders, globs, stdin) on every core, to files or a FHIR server
  test     run the test cases kept beside saved mappings; JUnit XML for CI
  serve    start the HTTP service, configured by environment variables
  plugin   create a plugin package from a starter (mapx plugin new <kind> <name>)

Options:
  -h, --help       this overview; "mapx <command> --help" for one command
  -V, --version    print the version

Saved mappings come from MAPPINGS_FOLDER, else ./mappings when it exists (as npm start uses it).
Documentation: docs/ in the repository (configuration.md, authoring.md, bulk.md, deployment.md).`;

export const SERVE_USAGE = `Usage: mapx serve

Starts the HTTP service from the current folder, configured by environment variables (docs/configuration.md);
it takes no arguments. Saved mappings come from MAPPINGS_FOLDER, else ./mappings when it exists.`;
