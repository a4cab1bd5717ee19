// Evaluates any check by dispatching on its kind. A check that cannot be evaluated (a path outside
// the workspace, an unreadable file, a command that cannot start) fails, marked `unevaluable`, with a
// detail saying why; only cancellation rejects, so a cancelled run is not mistaken for a failed check.
import { messageOf } from '../text/errorText';
import { allOf } from './allOf';
import { anyOf } from './anyOf';
import type { Check } from './checkSchema';
import type { CheckContext, CheckEvaluation } from './checkContext';
import { commandSucceeds } from './commandSucceeds';
import { checkLabel } from './checkLabel';
import { exitCode } from './exitCode';
import { fileAbsent } from './fileAbsent';
import { fileContains } from './fileContains';
import { fileExists } from './fileExists';
import { fileMatches } from './fileMatches';
import { jsonValid } from './jsonValid';
import { mcpResult } from './mcpResult';
import { notCheck } from './notCheck';
import { outputContains } from './outputContains';

/** Evaluates `check`; rejects with the signal's reason when cancelled, otherwise always resolves. */
export async function evaluateCheck(check: Check, context: CheckContext): Promise<CheckEvaluation> {
  context.signal.throwIfAborted();
  try {
    return await dispatch(check, context);
  } catch (error) {
    context.signal.throwIfAborted();
    return { ok: false, unevaluable: true, detail: `${checkLabel(check)}: could not be evaluated: ${messageOf(error)}` };
  }
}

function dispatch(check: Check, context: CheckContext): Promise<CheckEvaluation> {
  switch (check.kind) {
    case 'fileExists':
      return fileExists(check, context);
    case 'fileAbsent':
      return fileAbsent(check, context);
    case 'fileContains':
      return fileContains(check, context);
    case 'fileMatches':
      return fileMatches(check, context);
    case 'jsonValid':
      return jsonValid(check, context);
    case 'commandSucceeds':
      return commandSucceeds(check, context);
    case 'exitCode':
      return exitCode(check, context);
    case 'outputContains':
      return outputContains(check, context);
    case 'mcpResult':
      return mcpResult(check, context);
    case 'all':
      return allOf(check, context, evaluateCheck);
    case 'any':
      return anyOf(check, context, evaluateCheck);
    case 'not':
      return notCheck(check, context, evaluateCheck);
  }
}
