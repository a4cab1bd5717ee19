// Reading JSON out of a model reply. Endpoints without structured output (and some with it) wrap JSON
// in a ```json fence or a sentence of prose; the object itself is what counts.
import { findJsonShapeProblem, shapeMessage, shapeProblemPath } from '../plan/jsonShape';
import { DOCUMENT_STRUCTURE, PLAN_LIMITS } from '../planLimits';
import { formatPath } from '../plan/planProblem';
import { shorten } from '../text/shorten';

/** The parsed JSON of a reply, or one line saying why there is none. */
export type ModelJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/**
 * Whether `reply` is a JSON object, perhaps in prose, a fence or a tag, rather than lines with JSON arguments:
 * the first line holding a `{` starts with it, past a sentence ending in a colon, a fence opener or a tag.
 */
export function holdsJsonObject(reply: string): boolean {
  const line = reply.split('\n').find((text) => text.includes('{'));
  return line !== undefined && /^\s*(?:[^{"]*:\s*)?(?:(?:```|~~~)\w*\s*|<[\w-]+>\s*)*\{/.test(line);
}

/** Parses `reply` as JSON, after stripping a code fence; falls back to the outermost `{…}` in it. */
export function parseModelJson(reply: string): ModelJson {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n\s*```/.exec(reply);
  const body = (fenced ? fenced[1]! : reply).trim();
  if (body.length === 0) return { ok: false, problem: 'the reply is empty; expected a JSON object' };
  // Before JSON.parse, which is slow over deep nesting and huge objects; located by the path of keys, e.g. steps[0].args.
  const shape = findJsonShapeProblem(body, PLAN_LIMITS.depth + DOCUMENT_STRUCTURE);
  if (shape) return { ok: false, problem: `${formatPath('', shapeProblemPath(shape, DOCUMENT_STRUCTURE)) || 'the reply'}: ${shapeMessage(shape)}` };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const start = body.indexOf('{');
    const end = body.lastIndexOf('}');
    if (start >= 0 && end > start && (start > 0 || end < body.length - 1)) {
      try {
        return { ok: true, value: JSON.parse(body.slice(start, end + 1)) };
      } catch {
        // Fall through to report the error of the whole body, which is what the model will recognise.
      }
    }
    return { ok: false, problem: `the reply is not valid JSON (${(error as Error).message}): ${JSON.stringify(shorten(body, 160))}` };
  }
}
