// Build steps that are skipped when nothing they read or wrote changed since they last ran (used by
// scripts/build.mjs; docs/architecture.md, "Building"). A stamp is a SHA-256 over the path, size and mtime of
// every input and output file.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);

/**
 * Runs `steps` in order. With `onlyChanged`, a step whose inputs and outputs still match its stamp is skipped.
 * A step's stamp is removed before it runs and written after it succeeded, so a failed step runs again next time.
 */
export function runSteps(steps, { onlyChanged, stampsFile }) {
  const stamps = readStamps(stampsFile);
  const ran = [];
  for (const step of steps) {
    const inputs = fingerprint(step.inputs());
    const last = stamps[step.name];
    if (onlyChanged && last?.inputs === inputs && last.outputs === fingerprint(step.outputs())) continue;
    delete stamps[step.name];
    writeStamps(stampsFile, stamps);
    step.run();
    ran.push(step.name);
    // The inputs as read before the step ran: an edit made during the build is seen as a change next time.
    stamps[step.name] = { inputs, outputs: fingerprint(step.outputs()) };
    writeStamps(stampsFile, stamps);
  }
  return ran;
}

/** One file, present or not: a missing output must not match a stamp taken while it existed. */
export function fileState(root, path) {
  return [[path, statOrMissing(`${root}/${path}`)]];
}

/** Every file under `path` except in node_modules, dist and coverage folders below it and paths `except` matches. */
export function treeState(root, path, { except } = {}) {
  const found = [];
  // Plain string paths: path.join/relative cost more than the stat calls themselves here.
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(`${root}/${rel}`, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !except?.test(`${child}/`)) walk(child);
      } else if (!except?.test(child)) found.push([child, statOrMissing(`${root}/${child}`)]);
    }
  };
  walk(path);
  return found;
}

function statOrMissing(path) {
  try {
    const { size, mtimeMs } = statSync(path);
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function fingerprint(groups) {
  const hash = createHash('sha256');
  for (const [path, state] of groups.flat().sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${path}\0${state}\n`);
  return hash.digest('hex');
}

function readStamps(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function writeStamps(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 1));
  renameSync(`${file}.tmp`, file);
}
