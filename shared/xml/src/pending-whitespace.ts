import type { XmlElement } from './xml-tree.js';

/**
 * Whitespace-only text of the open elements, held back until an element turns out to have other text
 * (mixed content), then put back where it was. One flat list for the whole document: the common case,
 * indentation between elements, allocates nothing per element.
 */
export class PendingWhitespace {
  /** Flat records of [depth, child index, from, to] (offsets in the text: nothing is sliced until needed). */
  private readonly held: number[] = [];
  /** Depths (1-based) whose element has shown non-whitespace text. */
  private readonly textAt: boolean[] = [];

  open(depth: number): void {
    this.textAt[depth] = false;
  }

  hasText(depth: number): boolean {
    return this.textAt[depth] === true;
  }

  hold(depth: number, index: number, from: number, to: number): void {
    this.held.push(depth, index, from, to);
  }

  /** The element at `depth` has text: its held whitespace goes back in place, later whitespace is kept. */
  flush(parent: XmlElement, text: string, depth: number): void {
    if (this.textAt[depth]) return;
    this.textAt[depth] = true;
    const held = this.held;
    const from = this.firstOf(depth);
    for (let k = held.length - 4; k >= from; k -= 4) {
      parent.children.splice(held[k + 1]!, 0, text.slice(held[k + 2], held[k + 3]));
    }
    held.length = from;
  }

  /** The element at `depth` closed: whitespace still held was indentation. */
  close(depth: number): void {
    if (this.held.length > 0) this.held.length = this.firstOf(depth);
  }

  /** Records of one element are the last ones: deeper elements have closed and dropped theirs. */
  private firstOf(depth: number): number {
    const held = this.held;
    let from = held.length;
    while (from >= 4 && held[from - 4] === depth) from -= 4;
    return from;
  }
}
