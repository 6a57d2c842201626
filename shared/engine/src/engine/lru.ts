/** A small LRU map (Map keeps insertion order; a hit is re-inserted at the end). */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  /** The most recent key: a repeated hit (the common case under load) skips the re-insertion. */
  private newest: string | undefined;
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined && key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, v);
      this.newest = key;
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    this.newest = key;
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
    if (key === this.newest) this.newest = undefined;
  }

  get size(): number {
    return this.map.size;
  }
}
