import type { XmlElement } from './xml-tree.js';

/**
 * Whitespace-only text of the open elements, held back until an element turns out to have other text
 * (mixed content), then put back where it was. One flat list for the whole document: the common case,
 * indentation between elements, allocates nothing per element.
 */
export class PendingWhitespace {
  /** Flat records of [depth, child index, text]. */
  private readonly held: (number | string)[] = [];
  /** Depths (1-based) whose element has shown non-whitespace text. */
  private readonly textAt: boolean[] = [];

  open(depth: number): void {
    this.textAt[depth] = false;
  }

  hasText(depth: number): boolean {
    return this.textAt[depth] === true;
  }

  hold(depth: number, index: number, chunk: string): void {
    this.held.push(depth, index, chunk);
  }

  /** The element at `depth` has text: its held whitespace goes back in place, later whitespace is kept. */
  flush(parent: XmlElement, depth: number): void {
    if (this.textAt[depth]) return;
    this.textAt[depth] = true;
    const held = this.held;
    let from = held.length;
    while (from >= 3 && held[from - 3] === depth) from -= 3;
    for (let k = held.length - 3; k >= from; k -= 3) {
      parent.children.splice(held[k + 1] as number, 0, held[k + 2] as string);
    }
    held.length = from;
  }

  /** The element at `depth` closed: whitespace still held was indentation. */
  close(depth: number): void {
    const held = this.held;
    let from = held.length;
    while (from >= 3 && held[from - 3] === depth) from -= 3;
    held.length = from;
  }
}
