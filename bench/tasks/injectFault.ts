// Injected faults: the competent model's first attempt at one step is wrong in a way it really gets
// wrong — an edit whose find text is stale, a JSON edit that leaves a stray comma, a path or command
// with a typo. The step fails (the tool, or its check), which forces a re-plan in split mode and a
// recovery turn in fused mode; `fixed` is what the model issues then.
import type { Step } from '../../src/core/plan/planSchema';
import { countOccurrences, type TextEdit } from '../../src/core/tools/applyEdits';
import type { TaskFault } from './benchTask';
import type { Random } from './random';
import type { TaskDraft } from './taskFamily';

/** A faulty version of a step and the fault that describes (and fixes) it. */
interface Faulted {
  readonly faulty: Step;
  readonly fault: TaskFault;
}

const isJson = (path: unknown): boolean => typeof path === 'string' && path.endsWith('.json');

/** A `find` the file does not contain: the line as the model remembered it before a change. */
function staleFind(content: string, find: string): string | undefined {
  const candidates = [find.replace(/'/g, '"'), find.replace(/"/g, "'"), `${find} `, `  ${find}`, find.replace(/\s+/g, '  ')];
  return candidates.find((candidate) => candidate !== find && countOccurrences(content, candidate) === 0);
}

function invalidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** The faulty version of `step`, or undefined when this kind of step gets no fault. */
export function faultStep(step: Step, files: Readonly<Record<string, string>>, random: Random): Faulted | undefined {
  const args = step.args as Record<string, unknown>;
  const path = typeof args.path === 'string' ? args.path : undefined;
  if (step.tool === 'editFile' && path && files[path] !== undefined) {
    const edits = args.edits as TextEdit[];
    const [first, ...rest] = edits;
    if (!first) return undefined;
    if (isJson(path) && random.chance(0.6)) {
      const broken = `${first.replace},`;
      const after = files[path]!.replace(first.find, broken);
      if (countOccurrences(after, broken) === 1 && invalidJson(after) && rest.every((edit) => countOccurrences(after, edit.find) === 1)) {
        return {
          faulty: { ...step, args: { ...args, edits: [{ find: first.find, replace: broken }, ...rest] } },
          fault: { stepId: step.id, kind: 'failingCheck', description: `the edit of ${path} leaves a stray comma, so it is no longer valid JSON`, fixed: { ...step, title: `Repair ${path}`, args: { path, edits: [{ find: broken, replace: first.replace }] } } },
        };
      }
    }
    const stale = staleFind(files[path]!, first.find);
    if (!stale) return undefined;
    return {
      faulty: { ...step, args: { ...args, edits: [{ find: stale, replace: first.replace }, ...rest] } },
      fault: { stepId: step.id, kind: 'toolFailure', description: `the find text for ${path} is stale (not in the file), so editFile fails`, fixed: step },
    };
  }
  if (step.tool === 'writeFile' && isJson(path)) {
    const content = String(args.content);
    const broken = content.replace(/\n\}\s*$/, ',\n}\n');
    if (broken === content || !invalidJson(broken)) return undefined;
    return { faulty: { ...step, args: { ...args, content: broken } }, fault: { stepId: step.id, kind: 'failingCheck', description: `${path} is written with a trailing comma`, fixed: step } };
  }
  if (step.tool === 'deleteFile' && path) {
    const typo = path.replace(/\.js$/, '.ts');
    return { faulty: { ...step, args: { ...args, path: typo } }, fault: { stepId: step.id, kind: 'toolFailure', description: `deleteFile names ${typo}, which does not exist`, fixed: step } };
  }
  if (step.tool === 'renameFile') {
    const from = String(args.from);
    const typo = from.replace(/\.js$/, '.ts');
    return { faulty: { ...step, args: { ...args, from: typo } }, fault: { stepId: step.id, kind: 'toolFailure', description: `renameFile moves ${typo}, which does not exist`, fixed: step } };
  }
  if (step.tool === 'runCommand' && !JSON.stringify(step.postcondition ?? {}).includes('"exitCode"')) {
    const command = String(args.command);
    const typo = command.replace(/(\w+)\.js/, '$1s.js');
    if (typo === command) return undefined;
    return { faulty: { ...step, args: { ...args, command: typo } }, fault: { stepId: step.id, kind: 'toolFailure', description: `the command runs ${typo.split(' ')[1]}, which does not exist`, fixed: step } };
  }
  return undefined;
}

/** Injects a fault into one random step of `draft` that can take one; the steps unchanged when none can. */
export function injectFault(draft: TaskDraft, random: Random): { steps: readonly Step[]; fault?: TaskFault } {
  const options = random.sample(draft.steps, draft.steps.length);
  for (const step of options) {
    const faulted = faultStep(step, draft.files, random);
    if (faulted) return { steps: draft.steps.map((s) => (s.id === step.id ? faulted.faulty : s)), fault: faulted.fault };
  }
  return { steps: draft.steps };
}
