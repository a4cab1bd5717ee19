// Whether a failure that looks local reaches other steps: a repair sees only the broken step, so when the
// text its fix would change (a stale find, a mistyped path) also appears in steps that have not started,
// those would break the same way, and one re-plan that sees them all is the cheaper recovery.
import type { Step } from '../plan/planSchema';
import { isPatchable } from '../plan/planPatch';
import type { RunState } from '../run/runState';

/** The steps other than `brokenId`, not started yet, whose arguments or checks contain one of `mistaken`. */
export function stepsSharingMistake(state: RunState, brokenId: string, mistaken: readonly string[]): Step[] {
  const texts = mistaken.filter((text) => text.length > 0);
  if (texts.length === 0) return [];
  return state.plan.steps.filter((step) => {
    if (step.id === brokenId || !isPatchable(state.steps.get(step.id)?.status ?? 'pending')) return false;
    const { args, precondition, postcondition, statusCheck, compensation } = step;
    return [args, precondition, postcondition, statusCheck, compensation].some((value) => mentions(value, texts));
  });
}

/** True when a string anywhere in `value` contains one of `texts`. */
function mentions(value: unknown, texts: readonly string[]): boolean {
  if (typeof value === 'string') return texts.some((text) => value.includes(text));
  if (Array.isArray(value)) return value.some((item) => mentions(item, texts));
  if (value !== null && typeof value === 'object') return Object.values(value).some((item) => mentions(item, texts));
  return false;
}
