// The JavaScript of TypeScript projects without their type-check: TypeScript's own `transpileModule`, file by file,
// into each project's `outDir`. Every project compiles with `isolatedModules` and `verbatimModuleSyntax`
// (tsconfig.base.json), so each file's code is what `tsc` emits for it; declarations and source maps are left to
// `tsc -b` (`npm run build`, `npm test`, CI), which also type-checks. `npm start` uses this (scripts/build.mjs):
// a fresh clone's first start then waits for seconds of transpiling instead of a whole type-checked build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ts = createRequire(import.meta.url)('typescript');

/** Transpiles every source file of `projects` (folders holding a tsconfig.json, relative to `root`). */
export function transpileProjects(root, projects) {
  let files = 0;
  for (const project of projects)
    for (const { output, text } of transpiledFiles(root, project)) {
      mkdirSync(dirname(output), { recursive: true });
      writeFileSync(output, text);
      files++;
    }
  return files;
}

/** Each source file of `project` transpiled: the path `tsc` would write it to, and its code. */
export function* transpiledFiles(root, project) {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, project, 'tsconfig.json'), {}, host);
  if (!parsed || parsed.errors.length > 0) throw new Error(`${project}: ${format(parsed?.errors ?? [])}`);
  const { rootDir, outDir } = parsed.options;
  if (!rootDir || !outDir) throw new Error(`${project}: tsconfig.json names no rootDir or outDir`);
  // `transpileModule` reads no package.json: under NodeNext it would take every file for CommonJS. Every
  // project is `"type": "module"` (refused otherwise), so its files are ES modules, as `tsc` emits them.
  if (!isModulePackage(join(root, project)))
    throw new Error(`${project}: package.json is not "type": "module"`);
  const compilerOptions = {
    ...parsed.options,
    module: ts.ModuleKind.ESNext,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    composite: false,
    incremental: false,
  };
  // a `.cts` file is CommonJS whatever the package says: NodeNext reads that from its extension, as `tsc` does
  const commonJs = { ...compilerOptions, module: ts.ModuleKind.NodeNext };
  for (const fileName of parsed.fileNames) {
    if (fileName.endsWith('.d.ts') || fileName.endsWith('.d.cts')) continue;
    const cts = fileName.endsWith('.cts');
    if (!cts && !fileName.endsWith('.ts'))
      throw new Error(`${fileName}: only .ts and .cts files are transpiled here`);
    const output = resolve(outDir, relative(rootDir, fileName)).replace(/\.(c?)ts$/, '.$1js');
    const source = readFileSync(fileName, 'utf8');
    yield {
      source: fileName,
      output,
      text: ts.transpileModule(source, { compilerOptions: cts ? commonJs : compilerOptions, fileName })
        .outputText,
    };
  }
}

function isModulePackage(folder) {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).type === 'module';
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(format([d]));
  },
};

function format(diagnostics) {
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ');
}

// `node scripts/transpile.mjs <project>…` (in its own process: TypeScript is large, and `npm start` goes on to run
// the service in the process that built it)
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const started = performance.now();
  const files = transpileProjects(resolve(import.meta.dirname, '..'), process.argv.slice(2));
  process.stdout.write(`transpiled ${files} files in ${Math.round(performance.now() - started)} ms\n`);
}
