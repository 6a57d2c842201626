import type { ElementDefinition, StructureDefinition } from '../template-types.js';

interface OpenRule {
  readonly level: number;
  readonly live: boolean;
  readonly elementId: string;
}

/**
 * Test support: checks a generated template against the raw snapshot, independently of the generator's own
 * element tree. Returns human-readable problems (empty = fine): header/InstanceOf, 2-space indentation, live
 * rules only under live rules, every rule path resolving to a snapshot element id, live rules only on
 * mandatory elements without fixed/pattern values.
 */
export function checkTemplateStructure(source: string, sd: StructureDefinition): string[] {
  const elements = new Map((sd.snapshot?.element ?? []).map((e) => [e.id ?? e.path, e]));
  const problems: string[] = [];
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.startsWith('InstanceOf: '));
  if (start < 0 || lines[start] !== `InstanceOf: ${sd.id}`) problems.push('missing or wrong InstanceOf line');
  if (lines.slice(0, Math.max(start, 0)).some((line) => !line.startsWith('//')))
    problems.push('header not comments');
  const stack: OpenRule[] = [];
  lines.slice(start + 1).forEach((line, index) => {
    const problem = checkLine(line, stack, elements, sd.type);
    if (problem) problems.push(`line ${start + index + 2}: ${problem}: ${line}`);
  });
  return problems;
}

function checkLine(
  line: string,
  stack: OpenRule[],
  elements: Map<string, ElementDefinition>,
  rootId: string,
): string | undefined {
  if (line.trim() === '') return undefined;
  const indent = line.length - line.trimStart().length;
  const text = line.trimStart();
  const live = text.startsWith('* ');
  if (!live && !text.startsWith('// * '))
    return text.startsWith('//') ? undefined : 'neither rule nor comment';
  if (indent % 2 !== 0) return 'odd indentation';
  const level = indent / 2;
  while (stack.length > level) stack.pop();
  if (stack.length !== level) return 'indentation skips a level';
  const parent = stack.at(-1);
  if (live && parent && !parent.live) return 'live rule under a commented rule';
  const segment = /^(?:\/\/ )?\* (\S+)/.exec(text)?.[1] ?? '';
  const elementId = resolveSegment(parent?.elementId ?? rootId, segment, elements);
  if (!elementId) return `path segment '${segment}' does not resolve`;
  const element = elements.get(elementId);
  if (live && element && !isLiveCandidate(element)) return 'live rule on an optional or fixed element';
  stack.push({ level, live, elementId });
  return undefined;
}

function resolveSegment(parentId: string, segment: string, elements: Map<string, ElementDefinition>) {
  const bracket = /^([A-Za-z`][\w`]*)\[([^\]]+)\]$/.exec(segment);
  if (bracket) {
    const [, name = '', slice = ''] = bracket;
    return [`${parentId}.${name}:${slice}`, `${parentId}.${name}[x]:${slice}`].find((id) => elements.has(id));
  }
  const name = segment.replaceAll('`', '');
  if (elements.has(`${parentId}.${name}`)) return `${parentId}.${name}`;
  for (const [id, element] of elements) {
    if (!id.startsWith(`${parentId}.`) || !id.endsWith('[x]') || id.slice(parentId.length + 1).includes('.'))
      continue;
    const base = id.slice(parentId.length + 1, -3);
    const typeSlice = `${id}:${name}`;
    if (elements.has(typeSlice)) return typeSlice;
    if (element.type?.some((t) => base + t.code.charAt(0).toUpperCase() + t.code.slice(1) === name))
      return id;
  }
  return undefined;
}

function isLiveCandidate(element: ElementDefinition): boolean {
  const fixed = Object.keys(element).some((key) => key.startsWith('fixed') || key.startsWith('pattern'));
  return (element.min ?? 0) >= 1 && !fixed;
}
