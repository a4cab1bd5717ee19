// The scope of a plan: the workspace files its steps change and the commands they run. What a user approved
// is a scope; a re-plan or a revision that makes a step change another file or run another command widens it,
// and such a step waits for the user even where every step may otherwise run without asking.
import { toolCallOf } from '../tools/toolCall';
import type { Plan, Step } from './planSchema';

/** Files a plan changes and commands it runs, each sorted and without repeats. */
export interface PlanScope {
  readonly files: readonly string[];
  readonly commands: readonly string[];
}

/** A scope that holds nothing. */
export const EMPTY_SCOPE: PlanScope = { files: [], commands: [] };

/** The files a call of `tool` with `args` may change and the command it runs, when its arguments pass its schema. */
export function scopeOfCall(tool: string, args: unknown): PlanScope {
  const call = toolCallOf(tool, args);
  if (!call) return EMPTY_SCOPE;
  const command = call.tool.commandLine?.(call.input);
  return { files: [...call.writes], commands: command ? [command] : [] };
}

/** The scope of `steps` together. */
export function scopeOfSteps(steps: readonly Pick<Step, 'tool' | 'args'>[]): PlanScope {
  return steps.reduce<PlanScope>((scope, step) => unionScope(scope, scopeOfCall(step.tool, step.args)), EMPTY_SCOPE);
}

/** The scope of a whole plan. */
export function scopeOfPlan(plan: Pick<Plan, 'steps'>): PlanScope {
  return scopeOfSteps(plan.steps);
}

/** Both scopes in one. */
export function unionScope(a: PlanScope, b: PlanScope): PlanScope {
  if (b.files.length === 0 && b.commands.length === 0) return a;
  return { files: sortedUnion(a.files, b.files), commands: sortedUnion(a.commands, b.commands) };
}

/** What `scope` has that `approved` does not: the files and commands that widen it. */
export function scopeBeyond(scope: PlanScope, approved: PlanScope): PlanScope {
  const files = new Set(approved.files);
  const commands = new Set(approved.commands);
  return { files: scope.files.filter((file) => !files.has(file)), commands: scope.commands.filter((command) => !commands.has(command)) };
}

/** What a call of `step` changes or runs beyond `approved`; empty when it stays inside, or when nothing was approved. */
export function stepBeyondScope(step: Pick<Step, 'tool' | 'args'>, approved: PlanScope | undefined): PlanScope {
  return approved ? scopeBeyond(scopeOfCall(step.tool, step.args), approved) : EMPTY_SCOPE;
}

/** Whether a scope holds nothing. */
export function isEmptyScope(scope: PlanScope): boolean {
  return scope.files.length === 0 && scope.commands.length === 0;
}

/** `changes a.ts, b.ts and runs "npm test"`: what a widening adds, in words. */
export function describeScope(scope: PlanScope): string {
  const parts: string[] = [];
  if (scope.files.length > 0) parts.push(`changes ${scope.files.join(', ')}`);
  if (scope.commands.length > 0) parts.push(`runs ${scope.commands.map((command) => JSON.stringify(command)).join(', ')}`);
  return parts.join(' and ');
}

function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}
