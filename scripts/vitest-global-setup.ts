import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Several integration tests start the built service (`apps/service/dist`). Building it once here, before any test
 * file runs, keeps parallel test files from compiling the same outputs at the same time; their own build calls
 * then find everything up to date.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync('npx', ['tsc', '-b', 'apps/service'], { cwd: root, stdio: 'inherit' });
  // What `npm run build` (and so `npm start`) runs: the tests of the built service exercise its bundle.
  execFileSync(process.execPath, ['scripts/bundle-service.mjs'], { cwd: root, stdio: 'inherit' });
}
