// Copies the designer's built renderer into apps/service/designer/, which @mapx/service's `files` packs: an
// installed service serves /designer from there (apps/service/src/designer-dist.ts). Run before `npm pack` or
// `npm publish` of the service (scripts/pack/pack-all.mjs and `npm run release` do); not a prepack hook, because
// this repository's .npmrc turns lifecycle scripts off. The copy is ignored by git.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './public-packages.mjs';

const FROM = join(ROOT, 'apps/designer/dist/renderer');
const TO = join(ROOT, 'apps/service/designer');

export function stageDesigner() {
  if (!existsSync(join(FROM, 'index.html'))) {
    throw new Error(`${FROM}: the designer is not built; run \`npm run build\` first`);
  }
  rmSync(TO, { recursive: true, force: true });
  cpSync(FROM, TO, { recursive: true });
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) stageDesigner();
