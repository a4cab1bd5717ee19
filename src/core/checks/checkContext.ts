// What evaluating a check may use: the workspace, the command runner, the host's limits, a reader of the state
// a read-only tool reports (for a status check), and the result of the step's own command (for the checks that
// judge it).
import type { CommandRunner, StatusReader, Workspace } from '../ports';
import type { ToolLimits } from '../tools/defineTool';
import type { Check, CheckResult } from './checkSchema';

/** The exit code and output of the command the step ran (null exit code: it was killed). */
export interface StepCommandResult {
  readonly exitCode: number | null;
  readonly output: string;
  /** An MCP call's structured content, when it returned one. */
  readonly structured?: unknown;
}

/** The ports and facts a check is evaluated against. */
export interface CheckContext {
  readonly workspace: Workspace;
  readonly commands: CommandRunner;
  readonly limits: ToolLimits;
  readonly signal: AbortSignal;
  /** Reads what a read-only tool reports, for an `mcpResult` check that names one; absent where no tool may be called. */
  readonly status?: StatusReader;
  /** Present after a `runCommand` step; `exitCode` and `outputContains` read it. */
  readonly stepResult?: StepCommandResult;
}

/** The check of one kind. */
export type CheckOf<Kind extends Check['kind']> = Extract<Check, { kind: Kind }>;

/** A check's result; `unevaluable` when it could not be evaluated at all, which `not` must not turn into a pass. */
export interface CheckEvaluation extends CheckResult {
  readonly unevaluable?: boolean;
}

/** Evaluates any check; handed to the combinators so they need not import the dispatcher. */
export type CheckEvaluator = (check: Check, context: CheckContext) => Promise<CheckEvaluation>;
