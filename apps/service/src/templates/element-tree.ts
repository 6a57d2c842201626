import type { ElementDefinition } from './template-types.js';

/** One snapshot element with its children and (for a slice head) its slices, both in snapshot order. */
export interface ElementNode {
  readonly element: ElementDefinition;
  /** Last path segment as in the definition, e.g. `value[x]`. */
  readonly name: string;
  readonly sliceName?: string;
  /** Number of path segments below the root (root = 0). */
  readonly depth: number;
  readonly children: ElementNode[];
  readonly slices: ElementNode[];
}

/**
 * Rebuilds the element hierarchy from snapshot element ids (`a.b:slice.c`). Ids carry slice context that
 * paths lack; elements whose parent cannot be found (malformed snapshots) are left out rather than guessed.
 */
export function buildElementTree(elements: readonly ElementDefinition[]): ElementNode | undefined {
  const [first, ...rest] = elements;
  if (!first) return undefined;
  const root: ElementNode = { element: first, name: first.path, depth: 0, children: [], slices: [] };
  const byId = new Map<string, ElementNode>([[elementId(first), root]]);
  for (const element of rest) {
    const id = elementId(element);
    const cut = id.lastIndexOf('.');
    if (cut < 0) continue;
    const parentId = id.slice(0, cut);
    const [name = '', sliceName] = splitSegment(id.slice(cut + 1));
    const node = createNode(element, name, sliceName, parentId.split('.').length);
    if (sliceName === undefined) {
      byId.get(parentId)?.children.push(node);
    } else {
      byId.get(`${parentId}.${name}`)?.slices.push(node);
    }
    byId.set(id, node);
  }
  return root;
}

function createNode(element: ElementDefinition, name: string, sliceName: string | undefined, depth: number) {
  const node: ElementNode = { element, name, depth, children: [], slices: [] };
  return sliceName === undefined ? node : { ...node, sliceName };
}

function elementId(element: ElementDefinition): string {
  if (element.id) return element.id;
  return element.sliceName ? `${element.path}:${element.sliceName}` : element.path;
}

function splitSegment(segment: string): [string, string | undefined] {
  const colon = segment.indexOf(':');
  return colon < 0 ? [segment, undefined] : [segment.slice(0, colon), segment.slice(colon + 1)];
}
