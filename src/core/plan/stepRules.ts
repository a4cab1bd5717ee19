// The validation gate's rules about one step that need the tool catalogue or the other steps: its tool
// and arguments, the postcondition a step that changes the workspace must have, check kinds that only fit
// some steps, and its dependency edges. Three functions rather than one: as one, V8 optimised it part-way
// through a 1,000-step plan, and compiling it cost more CPU (about 25 ms) than the rest of the plan saved.
import { z } from 'zod';
import type { Check } from '../checks/checkSchema';
import { mcpResultProblem } from '../mcp/mcpResultRule';
import { isMcpToolName } from '../tools/mcpToolName';
import { runCommandTool } from '../tools/runCommand';
import { findTool, registeredTools, TOOL_NAMES } from '../tools/toolCatalog';
import { quote } from '../text/quote';
import { closestName } from './closestName';
import { appendProblems, formatPath, issueProblems, parseExplained, type PlanProblem } from './planProblem';
import type { Step } from './planSchema';
import { referenceOccurrences } from './references';
import { stepFlags } from './stepFlags';
import { walkChecks } from './walkChecks';

const CHECK_FIELDS = ['precondition', 'postcondition', 'statusCheck'] as const;
/** Checks about the step's own command: only meaningful after a `runCommand` ran. */
const COMMAND_CHECK_KINDS: readonly Check['kind'][] = ['exitCode', 'outputContains'];
const COMMAND_TOOL = runCommandTool.name;

type Tool = NonNullable<ReturnType<typeof findTool>>;

/** Where problems about one step go. */
export interface StepLocation {
  /** `E2`, or `steps[3]` when the step has no usable (valid, first) id. */
  readonly base: string;
  readonly stepId?: string;
  /** Index of the earlier step that already uses this step's id. */
  readonly duplicateOf?: number;
}

/** A dependency edge and the field that declares it (formatted only if it is part of a cycle). */
export interface Edge {
  readonly to: string;
  readonly segments: readonly (string | number)[];
}

/** The ids of the plan's steps, and whether ids of steps still to come may be named (a streamed plan). */
export interface KnownSteps {
  readonly stepIds: ReadonlySet<string>;
  readonly open: boolean;
}

/** Records a problem at a formatted path of the step. */
type Report = (path: string, message: string) => void;
/** Formats a path inside the step. */
type At = (...segments: (string | number)[]) => string;

/** The rules about one step that need the catalogue or the other steps; returns its dependency edges. */
export function checkStep(
  step: Partial<Step>,
  raw: unknown,
  location: StepLocation,
  known: KnownSteps,
  problems: PlanProblem[],
): Edge[] {
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
  checkKindRules(step, report, at);
  return stepEdges(step, location, known, report, at);
}

/** Check kinds that only fit some steps: command checks, and `mcpResult` (mcpResultRule.ts). */
function checkKindRules(step: Partial<Step>, report: Report, at: At): void {
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
}

/** The step's dependency edges (`dependsOn` and `#` references), reporting the ones that name no step or itself. */
function stepEdges(step: Partial<Step>, location: StepLocation, known: KnownSteps, report: Report, at: At): Edge[] {
  const { stepIds, open } = known;
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

/** A plain object (not null, not an array): what a step or its arguments must be to have fields. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
