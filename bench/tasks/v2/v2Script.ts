// What the scripted endpoint says for v2 tasks beyond v1's script: the re-planner's answer once the
// discovery step failed (the follow-up steps) or after an injected fault (what is left of them, the
// faulty step fixed), and the worker's edits for a proposeEdit, found by the path in its request.
import type { Step } from '../../../src/core/plan/planSchema';
import type { BenchTask } from '../benchTask';

/**
 * The re-planner's new remaining steps for a task with follow-up steps. `brokenId` is the step that
 * failed; when it is not given, the discovery is taken to have failed until a follow-up step is done.
 */
export function followUpSteps(task: BenchTask & { followUp: Step[] }, frozenIds: ReadonlySet<string>, brokenId?: string): Step[] {
  const discoveryFailed = brokenId !== undefined ? task.plan.steps.some((step) => step.id === brokenId) : !task.followUp.some((step) => frozenIds.has(step.id));
  if (discoveryFailed) return [...task.followUp];
  return task.followUp.filter((step) => !frozenIds.has(step.id)).map((step) => (task.fault && step.id === task.fault.stepId ? task.fault.fixed : step));
}

/** The path a proposeEdit request is about: its user message says `File: <path>` before the file. */
function proposedPath(messages: readonly { readonly content?: unknown }[]): string | undefined {
  for (const message of messages) {
    const match = typeof message.content === 'string' ? /\nFile: (.+)\n<<<FILE\n/.exec(message.content) : null;
    if (match) return match[1];
  }
  return undefined;
}

/** The worker's reply to a proposeEdit request of a v2 task, or undefined when it is not one. */
export function proposedEditsReply(task: BenchTask, messages: readonly { readonly content?: unknown }[]): string | undefined {
  const path = task.workerEdits ? proposedPath(messages) : undefined;
  return path === undefined ? undefined : task.workerEdits?.[path];
}
