// How deep JSON text nests, found before JSON.parse reads it. V8 parses nested arrays and objects at
// about 5 µs a level, so a megabyte of `[` takes seconds where a flat megabyte takes milliseconds; this
// linear scan refuses such text first, and says where (the path of keys and indexes) the limit was passed.

/** Where JSON text first nests deeper than allowed: the path of the container that passed the limit. */
export interface DeepNesting {
  readonly path: readonly (string | number)[];
  /** Offset in the text of that container's `{` or `[`. */
  readonly offset: number;
}

/** One open container: an object remembers its current key, an array its current index. */
interface Frame {
  readonly object: boolean;
  key: string | number;
  expectKey: boolean;
}

/** Longest key kept for a path; a longer one is cut (it is quoted shortened anyway). */
const KEY_CHARS = 80;

/**
 * The first place where `text` (JSON, or JSON with text around it) opens more than `limit` containers
 * at once, or `undefined` when it never does. Strings are skipped, so brackets inside them do not count;
 * the text is not otherwise checked (JSON.parse does that).
 */
export function findDeepNesting(text: string, limit: number): DeepNesting | undefined {
  const frames: Frame[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      const start = index;
      for (index++; index < text.length && text.charCodeAt(index) !== 0x22; index++) if (text.charCodeAt(index) === 0x5c /* \ */) index++;
      const frame = frames.at(-1);
      if (frame?.object && frame.expectKey) {
        frame.key = keyOf(text.slice(start, Math.min(index + 1, start + KEY_CHARS + 2)));
        frame.expectKey = false;
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (frames.length >= limit) return { path: frames.map((frame) => frame.key), offset: index };
      frames.push(code === 0x7b ? { object: true, key: '', expectKey: true } : { object: false, key: 0, expectKey: false });
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      frames.pop();
    } else if (code === 0x2c /* , */) {
      const frame = frames.at(-1);
      if (frame?.object) frame.expectKey = true;
      else if (frame) frame.key = (frame.key as number) + 1;
    }
  }
  return undefined;
}

/** The key a quoted JSON string names (possibly cut short, so possibly without its closing quote). */
function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted.endsWith('"') && quoted.length > 1 ? quoted : `${quoted}"`) as string;
  } catch {
    return quoted.slice(1).replace(/"$/, '');
  }
}
