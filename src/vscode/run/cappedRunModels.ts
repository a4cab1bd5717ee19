// A run's models through its cost cap (`planwright.maxCost`, journalled with the run as its `costCap` option): the
// models the settings name are checked against `planwright.prices` first (one without a price refuses the run with
// an UnpricedModelsError, unless `planwright.allowUnpricedModels`), then wrapped in the cap's guard, which counts
// what the run already spent. No editor API here, so the run's deps stay testable in plain Node.
import { CostGuard, UnpricedModelsError, unpricedModels } from '../../core/cost/costCap';
import type { HostSettings } from '../../core/hostSettings';
import type { ModelRole } from '../../core/ports';
import { PLANNER_ROLES } from '../../core/planner/plannerRoles';
import type { UsageRecord } from '../../core/run/journalRecords';
import type { RunOptions } from '../../core/run/runOptions';
import { estimatePromptTokens } from '../../node/tokenEstimate';
import type { RunModels } from './runHost';

/** The run's models through its cost cap, and the cap's guard; the models as they are when the run has no cap. */
export interface CappedModels {
  readonly models: RunModels;
  readonly guard?: CostGuard;
}

/** What a model without a name is called in the refusal: a VS Code language model chosen by vendor alone. */
const UNNAMED_MODEL = 'the VS Code language model';

/** The model names the settings give each role: the names prices are looked up by (a family with `vscode-lm`). */
function modelNameOf(settings: HostSettings): (role: ModelRole) => string {
  const planner = settings.plannerModel || settings.workerModel || settings.languageModelFamily || UNNAMED_MODEL;
  const worker = settings.workerModel || settings.plannerModel || settings.languageModelFamily || UNNAMED_MODEL;
  return (role) => (PLANNER_ROLES.has(role) ? planner : worker);
}

/** `models` through the run's cost cap (`options.costCap`), having spent `spent` already; throws UnpricedModelsError naming each model without a price, unless the cap lets them through. */
export function cappedRunModels(models: RunModels, options: RunOptions, settings: HostSettings, spent: readonly UsageRecord[]): CappedModels {
  const cap = options.costCap;
  if (!cap) return { models };
  const nameOf = modelNameOf(settings);
  const missing = unpricedModels(settings.prices, [nameOf('planner'), nameOf('worker')]);
  if (missing.length > 0 && !cap.allowUnpriced) throw new UnpricedModelsError(missing, cap.maxCost);
  const guard = new CostGuard(cap.maxCost, settings.prices, estimatePromptTokens, spent);
  return { models: { planner: guard.limit(models.planner, nameOf), worker: guard.limit(models.worker, nameOf) }, guard };
}
