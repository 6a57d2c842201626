// `npm start`: builds what changed since the last build (scripts/build.mjs), then runs the service in this same
// process, which saves a second Node start-up. Cluster workers (MAPX_WORKERS) re-run this file: they only serve.
import cluster from 'node:cluster';

if (cluster.isPrimary) {
  const { build } = await import('./build.mjs');
  build({ onlyChanged: true, checked: false });
  const note = (await import('./first-run-mappings.mjs')).firstRunMappings();
  if (note) process.stderr.write(`${note}\n`);
}
await import('../apps/service/dist/main.js');
