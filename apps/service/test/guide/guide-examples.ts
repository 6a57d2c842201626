/**
 * Reads the examples of the language guide (docs/guide/**.md) so that a test can run every one of them.
 *
 * The format (docs/guide/README.md, "How the examples are checked"): an HTML comment names an example or a saved
 * mapping, and the fenced blocks right after it (nothing but blank lines between them) belong to it:
 *
 *   <!-- example: firstName -->   ```mapx``` (one), ```<json|csv|hl7|xml> input``` (at most one),
 *                                 ```json output``` or ```json error``` (one), ```json explain``` (at most one)
 *   <!-- mapping: name -->        ```mapx``` (one): saved as mapping `name`, callable as `$name(…)` everywhere
 *   <!-- resource: Type/id -->    ```json``` (one): a resource stored on the FHIR server the examples reach
 *
 * A ```mapx block outside such a marker is an error, so no mapping in the guide goes unchecked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const INPUT_LANGUAGES = ['json', 'csv', 'hl7', 'xml'] as const;
export type InputLanguage = (typeof INPUT_LANGUAGES)[number];

export interface GuideExample {
  readonly kind: 'example';
  readonly name: string;
  /** Where it is written, `docs/guide/x.md:12`. */
  readonly at: string;
  readonly mapx: string;
  readonly input?: { readonly language: InputLanguage; readonly text: string };
  /** The expected result, as JSON text; absent when an error is expected. */
  readonly output?: string;
  /** The expected error: a JSON object with `code` and `message`. */
  readonly error?: string;
  /** The expected `explain` section of `POST /?explain=true`. */
  readonly explain?: string;
}

export interface GuideMapping {
  readonly kind: 'mapping';
  readonly name: string;
  readonly at: string;
  readonly mapx: string;
}

/** A resource the examples find on the FHIR server (`$resolve`, `$search`, server ConceptMaps). */
export interface GuideResource {
  readonly kind: 'resource';
  /** `Type/id`. */
  readonly name: string;
  readonly at: string;
  readonly resource: { readonly resourceType: string; readonly id: string } & Record<string, unknown>;
}

export type GuideEntry = GuideExample | GuideMapping | GuideResource;

/** Mapping ids are letters and digits, at most 64 (plugin-api's MAPPING_ID_PATTERN); with `savedAs`'s prefix, 62. */
const NAME = /^[A-Za-z][A-Za-z0-9]{0,49}$/;
const MARKER = /^<!--\s*(example|mapping|resource):\s*(\S+)\s*-->\s*$/;
const RESOURCE_NAME = /^[A-Z][A-Za-z]{1,63}\/[A-Za-z0-9\-.]{1,64}$/;
type Kind = GuideEntry['kind'];
const FENCE = /^(`{3,})(.*)$/;

interface Block {
  readonly info: string;
  readonly text: string;
  readonly line: number;
}

/** Every Markdown file under `dir`, sorted, as paths. */
export function guideFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...guideFiles(path));
    else if (entry.name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** The examples and mappings of every guide file; throws naming file and line on anything malformed. */
export function readGuide(dir: string, root: string): GuideEntry[] {
  const entries = guideFiles(dir).flatMap((file) =>
    parseGuideMarkdown(readFileSync(file, 'utf8'), relative(root, file)),
  );
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const earlier = seen.get(entry.name.toLowerCase());
    if (earlier) throw new Error(`${entry.at}: the name "${entry.name}" is already used at ${earlier}`);
    seen.set(entry.name.toLowerCase(), entry.at);
  }
  return entries;
}

export function parseGuideMarkdown(markdown: string, file: string): GuideEntry[] {
  const lines = markdown.split(/\r?\n/);
  const entries: GuideEntry[] = [];
  let open: { kind: Kind; name: string; line: number; blocks: Block[] } | undefined;
  const close = () => {
    if (open) entries.push(toEntry(open.kind, open.name, `${file}:${open.line}`, open.blocks));
    open = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = MARKER.exec(line);
    if (marker) {
      close();
      const kind = marker[1] as Kind;
      const name = marker[2]!;
      if (kind === 'resource' ? !RESOURCE_NAME.test(name) : !NAME.test(name))
        throw new Error(
          `${file}:${i + 1}: "${name}" is not ${kind === 'resource' ? 'Type/id' : 'letters and digits'}`,
        );
      open = { kind, name, line: i + 1, blocks: [] };
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      // an entry's blocks follow its marker with only blank lines between them: any text ends it
      if (line.trim() !== '') close();
      continue;
    }
    const start = i;
    const body: string[] = [];
    // a fence closes on a line of at least as many backticks (a ```` block may show ``` blocks)
    const closing = new RegExp(`^\`{${fence[1]!.length},}\\s*$`);
    for (i++; i < lines.length && !closing.test(lines[i]!); i++) body.push(lines[i]!);
    if (i >= lines.length) throw new Error(`${file}:${start + 1}: the code block is never closed`);
    const block = { info: fence[2]!.trim(), text: body.join('\n'), line: start + 1 };
    if (open) open.blocks.push(block);
    else if (block.info.split(/\s+/)[0] === 'mapx')
      throw new Error(`${file}:${start + 1}: a mapx block outside an example or mapping marker is never run`);
  }
  close();
  return entries;
}

function toEntry(kind: Kind, name: string, at: string, blocks: Block[]): GuideEntry {
  if (kind === 'resource') return toResource(name, at, blocks);
  const byRole = new Map<string, Block>();
  let input: GuideExample['input'];
  for (const block of blocks) {
    const [language = '', role = '', ...rest] = block.info.split(/\s+/);
    const key = language === 'mapx' ? 'mapx' : role;
    if (rest.length > 0 || (language !== 'mapx' && !['input', 'output', 'error', 'explain'].includes(role)))
      throw new Error(
        `${at}: the block "${block.info}" (line ${block.line}) is not one of the example's blocks`,
      );
    if (byRole.has(key)) throw new Error(`${at}: more than one ${key} block`);
    byRole.set(key, block);
    if (role === 'input') {
      if (!(INPUT_LANGUAGES as readonly string[]).includes(language))
        throw new Error(`${at}: an input block is one of ${INPUT_LANGUAGES.join(', ')}, not "${language}"`);
      input = { language: language as InputLanguage, text: block.text };
    } else if (role !== '' && language !== 'json') throw new Error(`${at}: a ${role} block is json`);
  }
  const mapx = byRole.get('mapx')?.text;
  if (mapx === undefined) throw new Error(`${at}: no mapx block`);
  if (kind === 'mapping') {
    if (byRole.size > 1) throw new Error(`${at}: a saved mapping has only its mapx block`);
    return { kind, name, at, mapx };
  }
  const output = byRole.get('output')?.text;
  const error = byRole.get('error')?.text;
  if ((output === undefined) === (error === undefined)) throw new Error(`${at}: one output or error block`);
  const explain = byRole.get('explain')?.text;
  return {
    kind,
    name,
    at,
    mapx,
    ...(input ? { input } : {}),
    ...(output === undefined ? {} : { output }),
    ...(error === undefined ? {} : { error }),
    ...(explain === undefined ? {} : { explain }),
  };
}

/**
 * The mapping id an entry is saved under. Saved mappings keep their name (examples call them by it); examples get
 * a prefix, because a saved mapping is callable as `$id()` and would shadow a function of the same name for
 * every other example (an example named `translateCode` would replace `$translateCode`).
 */
export function savedAs(entry: GuideExample | GuideMapping): string {
  return entry.kind === 'mapping'
    ? entry.name
    : `guideExample${entry.name[0]!.toUpperCase()}${entry.name.slice(1)}`;
}

function toResource(name: string, at: string, blocks: Block[]): GuideResource {
  if (blocks.length !== 1 || blocks[0]!.info !== 'json')
    throw new Error(`${at}: a resource is one json block`);
  const resource = JSON.parse(blocks[0]!.text) as GuideResource['resource'];
  if (`${resource.resourceType}/${resource.id}` !== name)
    throw new Error(`${at}: the resource is ${resource.resourceType}/${resource.id}, not ${name}`);
  return { kind: 'resource', name, at, resource };
}
