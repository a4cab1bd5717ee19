// The validation gate: the only way to a `ValidPlan`. Checks the document against the plan schema,
// then every rule that needs the tool catalogue or the whole plan, and reports every problem it finds
// (not just the first), each located by step id and JSON path.
import { z } from 'zod';
import { findCycles } from './findCycles';
import { DOCUMENT_STRUCTURE, PLAN_LIMITS, screenValue, TOO_MANY_STEPS } from '../planLimits';
import { appendProblems, boundProblem, formatPath, issueProblems, parseExplained, type PlanProblem } from './planProblem';
import { PlanSchema, STEP_ID_PATTERN, StepSchema, type Plan, type Step, type ValidPlan } from './planSchema';
import { checkStep, isRecord, type Edge, type StepLocation } from './stepRules';
import { siblingScopeProblems } from './subplanScope';
import { acceptanceProblems } from './acceptanceRules';

/** The gate's verdict: a frozen, branded plan, or every problem found. */
export type PlanValidation =
  | { readonly ok: true; readonly plan: ValidPlan }
  | { readonly ok: false; readonly problems: readonly PlanProblem[] };

/** The document with its steps left unparsed, so each step is parsed (and located) on its own. */
const EnvelopeSchema = PlanSchema.extend({ steps: z.array(z.unknown()).min(1, { message: 'a plan needs at least one step' }) });

const PLAN_FIELDS = Object.keys(PlanSchema.shape);
const STEP_FIELDS = Object.keys(StepSchema.shape) as (keyof Step)[];

/** How the gate reads a plan. */
export interface GateOptions {
  /**
   * The plan is still being written (a streamed plan): a `dependsOn` id or `#E<n>` reference naming no
   * step yet is a step still to come, not an error. The step waits for it; the closed plan is gated again.
   */
  readonly openReferences?: boolean;
}

/** Runs every rule of the plan format over `input` (parsed JSON, or an object from a model). */
export function validatePlan(input: unknown, options: GateOptions = {}): PlanValidation {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : `a ${typeof input}`;
    return { ok: false, problems: [{ path: '', message: `a plan must be a JSON object, got ${got}` }] };
  }
  const rawSteps: unknown[] = Array.isArray((input as { steps?: unknown }).steps) ? (input as { steps: unknown[] }).steps : [];
  // Refused before any step is read, so the work of checking one plan stays bounded.
  if (rawSteps.length > PLAN_LIMITS.steps) return { ok: false, problems: [{ path: 'steps', message: `${rawSteps.length} steps, ${TOO_MANY_STEPS}; none of them was checked` }] };
  const locations = locateSteps(rawSteps);
  const screened = screenPlan(input, rawSteps, locations);
  const problems: PlanProblem[] = [...screened.problems];
  const envelope = screened.document ? undefined : parseExplained(EnvelopeSchema, input);
  if (envelope && !envelope.success) appendProblems(problems, issueProblems(envelope.error.issues, input, { base: '', fieldNames: PLAN_FIELDS }));
  if (envelope?.success) appendProblems(problems, acceptanceProblems(envelope.data.acceptance));
  const stepIds = new Set(locations.flatMap((location) => (location.stepId === undefined ? [] : [location.stepId])));
  const graphNodes: string[] = [];
  const edges = new Map<string, Edge[]>();
  const steps: Step[] = [];

  rawSteps.forEach((raw, index) => {
    const location = locations[index];
    if (location.duplicateOf !== undefined) {
      const message = `duplicate step id "${location.stepId}" (first used by steps[${location.duplicateOf}])`;
      problems.push({ stepId: location.stepId, path: `steps[${index}].id`, message });
    }
    if (screened.steps.has(index)) {
      // Refused before parsing: its id still counts (references to it are not dangling), its edges do not.
      if (location.base === location.stepId) {
        graphNodes.push(location.stepId);
        edges.set(location.stepId, []);
      }
      return;
    }
    const parsed = parseExplained(StepSchema, raw);
    if (parsed.success) steps.push(parsed.data);
    else appendProblems(problems, issueProblems(parsed.error.issues, raw, { ...location, fieldNames: STEP_FIELDS }));
    const view = parsed.success ? parsed.data : lenientStep(raw);
    const stepEdges = checkStep(view, raw, location, { stepIds, open: options.openReferences === true }, problems);
    if (location.base === location.stepId) {
      graphNodes.push(location.stepId);
      edges.set(location.stepId, stepEdges);
    }
  });

  for (const cycle of findCycles(graphNodes, new Map([...edges].map(([id, list]) => [id, list.map((edge) => edge.to)])))) {
    const first = edges.get(cycle[0])!.find((edge) => edge.to === cycle[1])!;
    problems.push({ stepId: cycle[0], path: formatPath(cycle[0], first.segments), message: `dependency cycle: ${cycle.join(' → ')}` });
  }

  // Over the steps that parsed, whatever else is wrong, so one reading lists every problem: a dangling or
  // cyclic reference (reported above) orders nothing here. A plan still being written is checked once closed.
  if (!options.openReferences) problems.push(...siblingScopeProblems(steps));
  if (problems.length > 0 || !envelope?.success) return { ok: false, problems: problems.map(boundProblem) };
  return { ok: true, plan: deepFreeze({ ...envelope.data, steps } satisfies Plan) as ValidPlan };
}

/**
 * The pre-pass over the whole document (depth, forbidden and over-long field names), located by step and
 * field. A step with a problem here is not parsed; a problem outside the steps keeps the envelope unparsed.
 */
function screenPlan(input: object, rawSteps: readonly unknown[], locations: readonly StepLocation[]): { problems: PlanProblem[]; document: boolean; steps: Set<number> } {
  const problems: PlanProblem[] = [];
  const steps = new Set<number>();
  let document = false;
  for (const problem of screenValue(input, DOCUMENT_STRUCTURE)) {
    const [first, index, ...rest] = problem.path;
    const location = first === 'steps' && typeof index === 'number' && index < rawSteps.length ? locations[index] : undefined;
    if (location && typeof index === 'number') {
      steps.add(index);
      const path = formatPath(location.base, rest);
      problems.push(location.stepId === undefined ? { path, message: problem.message } : { stepId: location.stepId, path, message: problem.message });
    } else {
      document = true;
      problems.push({ path: formatPath('', problem.path), message: problem.message });
    }
  }
  return { problems, document, steps };
}

/** Gives each step the base of its paths; a missing, malformed or repeated id gives `steps[i]`. */
function locateSteps(rawSteps: readonly unknown[]): StepLocation[] {
  const firstIndex = new Map<string, number>();
  return rawSteps.map((raw, index) => {
    const id = isRecord(raw) ? raw.id : undefined;
    if (typeof id !== 'string' || !STEP_ID_PATTERN.test(id)) return { base: `steps[${index}]` };
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return { base: id, stepId: id };
    }
    return { base: `steps[${index}]`, stepId: id, duplicateOf: first };
  });
}

/** The fields of a step that failed the schema which are valid on their own, so other rules still run. */
function lenientStep(raw: unknown): Partial<Step> {
  if (!isRecord(raw)) return {};
  const view: Record<string, unknown> = {};
  for (const field of STEP_FIELDS) {
    const parsed = StepSchema.shape[field].safeParse(raw[field]);
    if (parsed.success && parsed.data !== undefined) view[field] = parsed.data;
  }
  return view as Partial<Step>;
}

/**
 * Freezes a parsed (hence acyclic, plain) value and everything in it. Fields are visited with `for...in`,
 * which allocates nothing per object, where `Object.values` built an array for each of a plan's objects.
 */
function deepFreeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) deepFreeze(value[index]);
    Object.freeze(value);
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const child: unknown = value[key];
      if (child !== null && typeof child === 'object') deepFreeze(child);
    }
    Object.freeze(value);
  }
  return value;
}
