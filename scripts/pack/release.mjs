// `npm run release`: publishes the versions `npx changeset version` wrote (docs/plugins.md, "Releasing mapx").
// Builds, runs the same package and API checks as `npm test`, packs the designer into the service, then lets
// changesets publish every public package whose version is not on the registry yet, and tag the release.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './public-packages.mjs';
import { stageDesigner } from './stage-designer.mjs';

const run = (command, args) => execFileSync(command, args, { cwd: ROOT, stdio: 'inherit' });

run('npm', ['run', 'build']);
run('npm', ['run', 'check:packages']);
run('npm', ['run', 'check:api-report']);
stageDesigner();
try {
  run('npx', ['changeset', 'publish']);
} finally {
  rmSync(join(ROOT, 'apps/service/designer'), { recursive: true, force: true });
}
