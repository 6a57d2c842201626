/** Builds the lowered JSONata text and maps offsets in it back to the user's text. */
export class Emitter {
  private readonly parts: string[] = [];
  private length = 0;
  /** Triples: lowered start, user start (or anchor), copied length (0 for synthetic text). */
  private readonly map: number[] = [];

  copy(text: string, userStart: number): void {
    if (!text) return;
    this.map.push(this.length, userStart, text.length);
    this.parts.push(text);
    this.length += text.length;
  }

  synth(text: string, anchor: number): void {
    this.map.push(this.length, anchor, 0);
    this.parts.push(text);
    this.length += text.length;
  }

  /** Appends text lowered separately (a rule's value, lowered before the call around it is known). */
  append(other: Emitter): void {
    for (let i = 0; i < other.map.length; i += 3) {
      this.map.push(this.length + other.map[i]!, other.map[i + 1]!, other.map[i + 2]!);
    }
    this.parts.push(...other.parts);
    this.length += other.length;
  }

  text(): string {
    return this.parts.join('');
  }

  /** True when the lowered character at `pos` was synthesised by the lowering, not copied from the user. */
  isSynthetic(pos: number): boolean {
    const i = this.segmentAt(pos);
    return this.map[i * 3 + 2] === 0 || pos >= (this.map[i * 3] ?? 0) + (this.map[i * 3 + 2] ?? 0);
  }

  /** Maps a lowered offset back to a user offset. */
  toUser(pos: number): number {
    const best = this.segmentAt(pos);
    const start = this.map[best * 3] ?? 0;
    const user = this.map[best * 3 + 1] ?? 0;
    const len = this.map[best * 3 + 2] ?? 0;
    if (len === 0) return user;
    return user + Math.min(pos - start, len);
  }

  private segmentAt(pos: number): number {
    let lo = 0;
    let hi = this.map.length / 3 - 1;
    let best = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.map[mid * 3]! <= pos) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  }
}
