// Read-only maps for run state that is rebuilt on every journal record. Copying a Map of every step for
// each record made a run quadratic in its size (1,000 steps: about 1 ms of overhead per step); an
// IndexedMap shares its key index between versions and copies only an array of values, and a
// projection is a view that computes values on read instead of building a new Map.

/**
 * An immutable map whose versions share one key → position index; a new version copies only values. The
 * index only grows: a version sees its first `size` keys, so a version adding a key appends it to the
 * shared index (a streamed plan adds a step per record, and copying the index each time was quadratic
 * again) unless another version added a different key there first, when it copies its own part.
 */
export class IndexedMap<V> implements ReadonlyMap<string, V> {
  private constructor(
    private readonly index: Map<string, number>,
    private readonly items: readonly V[],
  ) {}

  /** A map of `entries`, in their order (a repeated key keeps its first place and its last value). */
  static from<V>(entries: Iterable<readonly [string, V]>): IndexedMap<V> {
    const index = new Map<string, number>();
    const items: V[] = [];
    for (const [key, value] of entries) {
      const position = index.get(key);
      if (position === undefined) {
        index.set(key, items.length);
        items.push(value);
      } else items[position] = value;
    }
    return new IndexedMap(index, items);
  }

  /** A version with `key` set to `value`; a new key goes last. */
  with(key: string, value: V): IndexedMap<V> {
    const position = this.index.get(key);
    const items = this.items.slice();
    if (position !== undefined && position < items.length) {
      items[position] = value;
      return new IndexedMap(this.index, items);
    }
    const end = items.length;
    items.push(value);
    if (position === end) return new IndexedMap(this.index, items);
    if (this.index.size === end) return new IndexedMap(this.index.set(key, end), items);
    return new IndexedMap(new Map([...this.live(), [key, end]]), items);
  }

  get size(): number {
    return this.items.length;
  }
  get(key: string): V | undefined {
    const position = this.index.get(key);
    return position === undefined || position >= this.items.length ? undefined : this.items[position];
  }
  has(key: string): boolean {
    const position = this.index.get(key);
    return position !== undefined && position < this.items.length;
  }
  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, position] of this.live()) callback.call(thisArg, this.items[position], key, this);
  }
  entries(): MapIterator<[string, V]> {
    return new Map(this.live().map(([key, position]): [string, V] => [key, this.items[position]])).entries();
  }
  keys(): MapIterator<string> {
    return new Map(this.live()).keys();
  }
  values(): MapIterator<V> {
    return new Map(this.live().map(([key, position]): [string, V] => [key, this.items[position]])).values();
  }
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  /** This version's keys and positions, in order: the index's first `size` entries. */
  private live(): [string, number][] {
    const live: [string, number][] = [];
    for (const entry of this.index) {
      if (live.length === this.items.length) break;
      live.push(entry);
    }
    return live;
  }
}

/** `map` with `key` set to `value`, as an IndexedMap (a plain Map is converted once). */
export function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): IndexedMap<V> {
  return (map instanceof IndexedMap ? map : IndexedMap.from(map)).with(key, value);
}

/**
 * A read-only view of `source` with each value passed through `project`; keys whose projection is
 * `undefined` are absent. Creating it costs nothing; `get` and `has` cost one lookup.
 */
export function projectMap<V, W>(source: ReadonlyMap<string, V>, project: (value: V) => W | undefined): ReadonlyMap<string, W> {
  const entries = (): [string, W][] => [...source].flatMap(([key, value]): [string, W][] => {
    const projected = project(value);
    return projected === undefined ? [] : [[key, projected]];
  });
  const snapshot = () => new Map(entries());
  return {
    get: (key) => {
      const value = source.get(key);
      return value === undefined ? undefined : project(value);
    },
    has: (key) => {
      const value = source.get(key);
      return value !== undefined && project(value) !== undefined;
    },
    get size() {
      return entries().length;
    },
    forEach: (callback, thisArg) => snapshot().forEach(callback, thisArg),
    entries: () => snapshot().entries(),
    keys: () => snapshot().keys(),
    values: () => snapshot().values(),
    [Symbol.iterator]: () => snapshot().entries(),
  };
}
