// The one-step repairer's reply read as the fixed step, in the shapes models write it: the step line alone,
// or written as `replace E2 …` or `E2 …`, in a fence, after a sentence, numbered, with an explanation after
// it, or inside a restated plan (then the line of the broken step is the one); or JSON — the patch form
// (one `replace` of the step), `{"steps": [...]}` (its only item, or the item with the step's id), or one
// step object — in prose, a fence or a tag too.
import { readCompactJsonStep } from '../plan/compact/compactJson';
import { DependencyContext } from '../plan/compact/impliedDependencies';
import { LIST_MARKER } from '../plan/parsePatch';
import type { Step } from '../plan/planSchema';
import { formatProblem } from '../plan/planProblem';
import { holdsJsonObject, parseModelJson } from '../planner/modelJson';
import { readJsonPatch } from './patchReply';
import { parseStepLine } from './stepLine';

/** The fixed step, or one line saying why the reply holds none. */
export type RepairRead = { readonly ok: true; readonly step: Step } | { readonly ok: false; readonly problem: string };

/** Reads `reply` as the fixed step `id`. */
export function readRepairReply(reply: string, id: string): RepairRead {
  if (holdsJsonObject(reply)) {
    const parsed = parseModelJson(reply);
    return parsed.ok ? repairFromJson(parsed.value, id) : { ok: false, problem: parsed.problem };
  }
  const label = new RegExp(`^(?:replace\\s+)?${id}:?\\s+`);
  const candidates = reply
    .split('\n')
    .map((text) => text.trim().replace(LIST_MARKER, ''))
    .filter((text) => text.includes('{') && !text.startsWith('```'));
  // A restated plan holds every step's line: the broken step's is the one.
  const labelled = candidates.filter((text) => label.test(text));
  // Lines of other steps (`E1 readFile {…}`) are not the fix.
  const lines = labelled.length > 0 ? labelled : candidates.filter((text) => !/^(?:replace\s+)?[A-Za-z][\w-]*\d:?\s+\S+\s*\{/.test(text));
  let problem = 'the reply holds no step line; answer with the fixed step on one line, <tool> {<args as JSON>}';
  for (const line of lines) {
    const parsed = parseStepLine(line.replace(label, ''), id);
    if (parsed.ok && parsed.steps.length === 1) return { ok: true, step: parsed.steps[0]! };
    problem = parsed.ok ? `a repair is one step, but the line stands for ${parsed.steps.length} ("each")` : parsed.problem;
    break;
  }
  return { ok: false, problem };
}

/** The fixed step in a JSON reply. */
function repairFromJson(value: unknown, id: string): RepairRead {
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (record.patch !== undefined) {
    const read = readJsonPatch(value);
    if (!read.ok) return { ok: false, problem: read.problems.join('; ') };
    const op = read.patch.length === 1 ? read.patch[0]! : undefined;
    return op?.op === 'replace' && op.id === id ? { ok: true, step: op.step } : { ok: false, problem: `a repair is one {"op": "replace", "id": "${id}", …}` };
  }
  const steps = Array.isArray(record.steps) ? (record.steps as unknown[]) : undefined;
  const item = steps ? (steps.length === 1 ? steps[0] : steps.find((step) => (step as { id?: unknown } | null)?.id === id)) : value;
  if (item === undefined) return { ok: false, problem: `the reply's steps hold no step ${id}; answer with the fixed step alone` };
  if (typeof (item as { id?: unknown } | null)?.id === 'string') {
    // A plan-file step: its own fields, under the broken step's id; the plan gate judges them.
    return (item as { id: string }).id === id ? { ok: true, step: item as Step } : { ok: false, problem: `the step is ${id}, not ${(item as { id: string }).id}` };
  }
  const made = readCompactJsonStep(item, id, new DependencyContext());
  if ('problems' in made) return { ok: false, problem: made.problems.map(formatProblem).join('; ') };
  return made.steps.length === 1 ? { ok: true, step: made.steps[0]! } : { ok: false, problem: `a repair is one step, but "each" makes ${made.steps.length}` };
}
