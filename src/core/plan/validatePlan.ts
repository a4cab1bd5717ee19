// The validation gate: the only way to a `ValidPlan`. Checks the document against the plan schema,
// then every rule that needs the tool catalogue or the whole plan, and reports every problem it finds
// (not just the first), each located by step id and JSON path.
import { z } from 'zod';
import type { Check } from '../checks/checkSchema';
import { mcpResultProblem } from '../mcp/mcpResultRule';
import { isMcpToolName } from '../tools/mcpToolName';
import { findTool, registeredTools, TOOL_NAMES } from '../tools/toolCatalog';
import { runCommandTool } from '../tools/runCommand';
import { closestName } from './closestName';
import { findCycles } from './findCycles';
import { DOCUMENT_STRUCTURE, PLAN_LIMITS, screenValue, TOO_MANY_STEPS } from '../planLimits';
import { appendProblems, boundProblem, formatPath, issueProblems, parseExplained, type PlanProblem } from './planProblem';
import { PlanSchema, STEP_ID_PATTERN, StepSchema, type Plan, type Step, type ValidPlan } from './planSchema';
import { referenceOccurrences } from './references';
import { quote } from '../text/quote';
import { stepFlags } from './stepFlags';
import { siblingScopeProblems } from './subplanScope';
import { walkChecks } from './walkChecks';

/** The gate's verdict: a frozen, branded plan, or every problem found. */
export type PlanValidation =
  | { readonly ok: true; readonly plan: ValidPlan }
  | { readonly ok: false; readonly problems: readonly PlanProblem[] };

/** The document with its steps left unparsed, so each step is parsed (and located) on its own. */
const EnvelopeSchema = PlanSchema.extend({ steps: z.array(z.unknown()).min(1, { message: 'a plan needs at least one step' }) });

const PLAN_FIELDS = Object.keys(PlanSchema.shape);
const STEP_FIELDS = Object.keys(StepSchema.shape) as (keyof Step)[];
const CHECK_FIELDS = ['precondition', 'postcondition', 'statusCheck'] as const;
/** Checks about the step's own command: only meaningful after a `runCommand` ran. */
const COMMAND_CHECK_KINDS: readonly Check['kind'][] = ['exitCode', 'outputContains'];
const COMMAND_TOOL = runCommandTool.name;

type Tool = NonNullable<ReturnType<typeof findTool>>;

/** Where problems about one step go. */
interface StepLocation {
  /** `E2`, or `steps[3]` when the step has no usable (valid, first) id. */
  readonly base: string;
  readonly stepId?: string;
  /** Index of the earlier step that already uses this step's id. */
  readonly duplicateOf?: number;
}

/** A dependency edge and the field that declares it (formatted only if it is part of a cycle). */
interface Edge {
  readonly to: string;
  readonly segments: readonly (string | number)[];
}

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

  if (problems.length > 0 || !envelope?.success) return { ok: false, problems: problems.map(boundProblem) };
  // Only on a plan whose graph is sound: the rule follows dependencies.
  const overlapping = options.openReferences ? [] : siblingScopeProblems({ ...envelope.data, steps });
  if (overlapping.length > 0) return { ok: false, problems: overlapping.map(boundProblem) };
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

/** The rules about one step that need the catalogue or the other steps; returns its dependency edges. */
function checkStep(
  step: Partial<Step>,
  raw: unknown,
  location: StepLocation,
  known: { readonly stepIds: ReadonlySet<string>; readonly open: boolean },
  problems: PlanProblem[],
): Edge[] {
  const { stepIds, open } = known;
  const report = (path: string, message: string): void => {
    problems.push(location.stepId === undefined ? { path, message } : { stepId: location.stepId, path, message });
  };
  const at = (...segments: (string | number)[]): string => formatPath(location.base, segments);
  const tool = step.tool === undefined ? undefined : findTool(step.tool);

  if (step.tool !== undefined && !tool) report(at('tool'), unknownToolMessage(step.tool));
  if (tool && step.args) checkToolArgs(tool.input, step.args, at('args'), location, problems);
  if (tool && changesWorkspace(tool, step) && (!isRecord(raw) || raw.postcondition === undefined)) {
    report(at('postcondition'), `Required: ${tool.name} changes the workspace, so the step needs a postcondition the executor can check`);
  }
  if (step.compensation) {
    const undo = findTool(step.compensation.tool);
    if (!undo) report(at('compensation', 'tool'), unknownToolMessage(step.compensation.tool));
    else checkToolArgs(undo.input, step.compensation.args, at('compensation', 'args'), location, problems);
  }
  if (step.tool !== undefined && step.tool !== COMMAND_TOOL) {
    for (const flag of ['idempotent', 'idempotencyKey'] as const) {
      if (step[flag] === undefined) continue;
      report(at(flag), `only allowed on ${COMMAND_TOOL} steps (this step uses ${step.tool}, whose retry safety does not depend on its arguments)`);
    }
  }
  for (const field of CHECK_FIELDS) {
    const check = step[field];
    if (!check) continue;
    walkChecks(check, (child, path) => {
      if (child.kind === 'mcpResult') {
        const problem = mcpResultProblem(child, step.tool, field);
        if (problem) report(at(field, ...path), problem);
        return;
      }
      if (!COMMAND_CHECK_KINDS.includes(child.kind)) return;
      const about = `"${child.kind}" is about the step's own command`;
      // An MCP call's result has output too (no exit code): outputContains judges it like a command's.
      if (child.kind === 'outputContains' && field !== 'precondition' && step.tool !== undefined && isMcpToolName(step.tool)) return;
      if (field === 'precondition') report(at(field, ...path), `${about}, which has not run when the precondition is checked`);
      else if (step.tool !== undefined && step.tool !== COMMAND_TOOL) {
        report(at(field, ...path), `${about}, so it is only allowed on ${COMMAND_TOOL} steps (this step uses ${step.tool})`);
      }
    });
  }

  const edges: Edge[] = [];
  const ownId = location.stepId;
  step.dependsOn?.forEach((id, index) => {
    if (id === ownId) report(at('dependsOn', index), `a step cannot depend on itself ("${id}")`);
    else if (!stepIds.has(id)) {
      if (!open) report(at('dependsOn', index), `"${id}" names no step of this plan`);
    }
    else edges.push({ to: id, segments: ['dependsOn', index] });
  });
  const referencing: [unknown, string[]][] = [[step.args, ['args']]];
  if (step.compensation) referencing.push([step.compensation.args, ['compensation', 'args']]);
  for (const [value, prefix] of referencing) {
    for (const occurrence of referenceOccurrences(value, stepIds)) {
      const segments = [...prefix, ...occurrence.path];
      if (occurrence.dangling) {
        if (!open) report(at(...segments), `reference ${quote(`#${occurrence.id}`, 40)} names no step of this plan`);
      }
      else if (occurrence.id === ownId) report(at(...segments), `"#${occurrence.id}" references the step's own output`);
      else edges.push({ to: occurrence.id, segments });
    }
  }
  return edges;
}

/** Checks arguments against a tool's input schema, naming each failing field. */
function checkToolArgs(schema: z.ZodType, args: unknown, base: string, location: StepLocation, problems: PlanProblem[]): void {
  const parsed = parseExplained(schema, args);
  if (parsed.success) return;
  const fieldNames = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  appendProblems(problems, issueProblems(parsed.error.issues, args, { base, stepId: location.stepId, fieldNames }));
}

/** Whether a step's tool changes the workspace (its effect class is not `readOnly`). */
function changesWorkspace(tool: Tool, step: Partial<Step>): boolean {
  try {
    return tool.effect(step.args ?? {}, stepFlags(step)) !== 'readOnly';
  } catch {
    // Arguments that fail the tool's schema may break its effect function; assume the worst.
    return true;
  }
}

/** `unknown tool "wrteFile" (did you mean "writeFile"?); known tools: readFile, ...` */
function unknownToolMessage(name: string): string {
  const known = [...TOOL_NAMES, ...registeredTools().map((tool) => tool.name)];
  const suggestion = closestName(name, known);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  return `unknown tool ${quote(name, 80)}${hint}; known tools: ${known.join(', ')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
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
