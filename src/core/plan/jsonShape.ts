// The shape of JSON text, found before JSON.parse reads it: how deep it nests and how many fields one
// object has. V8 parses nested arrays and objects at about 5 µs a level, so a megabyte of `[` takes
// seconds where a flat megabyte takes milliseconds; and it builds an object of 87,000 keys at about
// 150 ms per MB, before any limit on parsed values could refuse it. This linear scan refuses both first,
// and says where (the path of keys and indexes). Keys are only decoded for that path, when one is found.
import { PLAN_LIMITS, TOO_DEEP } from '../planLimits';

/** Where JSON text first passes a shape limit: the path of the container that passed it. */
export interface JsonShapeProblem {
  /** `deep`: more containers open at once than allowed; `wide`: an object with more fields than allowed. */
  readonly kind: 'deep' | 'wide';
  readonly path: readonly (string | number)[];
  /** Offset in the text of that container's `{` or `[`. */
  readonly offset: number;
}

/** One open container: an object remembers where its current key is and how many it has seen, an array its index. */
interface Frame {
  readonly object: boolean;
  readonly offset: number;
  /** Offset of the current key's opening quote (objects), or the current index (arrays). */
  key: number;
  keyEnd: number;
  fields: number;
  expectKey: boolean;
}

/** Longest key kept for a path; a longer one is cut (it is quoted shortened anyway). */
const KEY_CHARS = 80;

/**
 * The first place where `text` (JSON, or JSON with text around it) opens more than `depth` containers at
 * once, or has an object with more than `fields` fields written in it (duplicates count: JSON.parse
 * would read them all), or `undefined` when it does neither. Strings are skipped, so brackets inside
 * them do not count; the text is not otherwise checked (JSON.parse does that).
 */
export function findJsonShapeProblem(text: string, depth: number, fields: number = PLAN_LIMITS.fields): JsonShapeProblem | undefined {
  const frames: Frame[] = [];
  let top: Frame | undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      const start = index;
      index = closingQuote(text, index);
      if (top?.object && top.expectKey) {
        top.key = start;
        top.keyEnd = index;
        top.expectKey = false;
        if (++top.fields > fields) return { kind: 'wide', path: pathOf(text, frames, frames.length - 1), offset: top.offset };
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (frames.length >= depth) return { kind: 'deep', path: pathOf(text, frames, frames.length), offset: index };
      const object = code === 0x7b;
      top = { object, offset: index, key: object ? -1 : 0, keyEnd: -1, fields: 0, expectKey: object };
      frames.push(top);
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      frames.pop();
      top = frames.at(-1);
    } else if (code === 0x2c /* , */ && top) {
      if (top.object) top.expectKey = true;
      else top.key++;
    }
  }
  return undefined;
}

/** What is wrong at `problem`'s path, in the words of the limits (docs/plan-format.md). */
export function shapeMessage(problem: JsonShapeProblem): string {
  return problem.kind === 'deep' ? TOO_DEEP : `has more than ${PLAN_LIMITS.fields} fields, the most an object in a plan may have; nothing inside it was checked`;
}

/**
 * Where to report `problem`: a wide object at its own path, nesting at the field that holds it (the
 * first `structure` levels: 3 in a plan document, 1 in a step's arguments), since nothing inside is checked.
 */
export function shapeProblemPath(problem: JsonShapeProblem, structure: number): readonly (string | number)[] {
  return problem.kind === 'deep' ? problem.path.slice(0, structure) : problem.path;
}

/** The offset of the quote that closes the string opened at `open` (or the text's length when none does). */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/** The path to (not into) the container `frames[count - 1]`, i.e. the keys and indexes of the `count` frames above it. */
function pathOf(text: string, frames: readonly Frame[], count: number): (string | number)[] {
  return frames.slice(0, count).map((frame) => (!frame.object ? frame.key : frame.key < 0 ? '' : keyOf(text.slice(frame.key, Math.min(frame.keyEnd + 1, frame.key + KEY_CHARS + 2)))));
}

/** The key a quoted JSON string names (possibly cut short, so possibly without its closing quote). */
function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted.endsWith('"') && quoted.length > 1 ? quoted : `${quoted}"`) as string;
  } catch {
    return quoted.slice(1).replace(/"$/, '');
  }
}
