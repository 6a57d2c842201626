// Runs every benchmark in bench/ one after the other; each prints JSON lines.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.js') && f !== 'run-all.js')
  .sort();
let failed = 0;
for (const file of files) {
  const r = spawnSync(process.execPath, [`${import.meta.dirname}/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
