// The run's cost cap: before each model call, the priced spend so far, the calls still answering and this
// call's estimate (its prompt counted locally, its reply at the role's typical length) must stay within the
// cap, or the call is not made and `CostCapReachedError` says why. The run that meets the error pauses; a
// higher cap lets it go on. Cached input is priced as uncached, so the estimate errs on the side of stopping.
import { CostCapReachedError, type SpendLimit } from '../errors';
import type { ChatMessage, ChatModel, ChatRequest, ChatToolSpec, ModelRole } from '../ports';
import type { UsageRecord } from '../run/journalRecords';
import { MaxCostSchema } from '../run/runOptions';
import { priceOf, type ModelPrices } from './modelPrices';
import { callCost, formatCost } from './runCost';

/** Counts a prompt's tokens before it is sent: the host's local estimate. */
export type PromptTokenCounter = (messages: readonly ChatMessage[], tools?: readonly ChatToolSpec[]) => number;

/**
 * Reply tokens a role takes before the run has seen one of its replies: a plan, a patch, a repair, a worker's
 * text or edit, a summary, one agent turn. After its first reply the run's own mean for the role is used.
 */
export const TYPICAL_REPLY_TOKENS: Readonly<Record<ModelRole, number>> = { planner: 1500, replanner: 800, repairer: 400, worker: 800, solver: 300, fused: 300 };

/** `$0.42`, in the cost line's format. */
export function dollars(usd: number): string {
  return formatCost({ usd, unpricedCalls: 0, estimated: false });
}

/** An amount of US dollars as a person types a cap (`0.50`, `2`, `.5`), or null when it is not one above zero. */
export function parseMaxCost(text: string): number | null {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return MaxCostSchema.safeParse(value).success ? value : null;
}

/** A cap that lets a paused run go on: twice the old one, or at least what the run spent plus the refused call. */
export function suggestedCap(pause: { readonly spent: number; readonly estimate: number; readonly cap: number }): number {
  return Math.max(pause.cap * 2, pause.spent + pause.estimate);
}

/** The models a capped run would call without a price: each name once. */
export function unpricedModels(prices: ModelPrices, models: readonly string[]): string[] {
  return [...new Set(models)].filter((model) => priceOf(prices, model) === undefined);
}

/** A capped run refused before it starts: models it would call have no price, so the cap could not count them. */
export class UnpricedModelsError extends Error {
  readonly reason = 'unpricedModels';
  constructor(
    readonly models: readonly string[],
    readonly maxCost: number,
  ) {
    super(`the cost cap of ${dollars(maxCost)} cannot count calls of a model without a price: no price for ${models.join(', ')}`);
    this.name = 'UnpricedModelsError';
  }
}

/** The cap over one run (and its sub-plans): admits or refuses each call, and counts what the admitted ones cost. */
export class CostGuard implements SpendLimit {
  private spentUsd: number;
  private answering = 0;
  private refused: CostCapReachedError | undefined;
  private readonly replies = new Map<string, { readonly tokens: number; readonly calls: number }>();

  constructor(
    private cap: number,
    private readonly prices: ModelPrices,
    private readonly countPrompt: PromptTokenCounter,
    /** The calls made so far (a resumed run's journalled usage). */
    spent: readonly UsageRecord[] = [],
  ) {
    this.spentUsd = 0;
    for (const usage of spent) this.count(usage);
  }

  /** The refused call, once one was: every later call is refused too, until the cap is raised. */
  get reached(): CostCapReachedError | undefined {
    return this.refused;
  }

  /** The priced spend so far, in US dollars. */
  get spent(): number {
    return this.spentUsd;
  }

  /** The cap in US dollars. */
  get maxCost(): number {
    return this.cap;
  }

  /** A new cap; a refusal is forgotten, so the paused run can go on. */
  raise(maxCost: number): void {
    this.cap = maxCost;
    this.refused = undefined;
  }

  /** What `request` to `model` would cost, estimated: the prompt counted here, the reply at the role's typical length. */
  estimate(request: ChatRequest, model: string | undefined): number {
    const price = model === undefined ? undefined : priceOf(this.prices, model);
    if (!price) return 0;
    const seen = this.replies.get(request.role);
    const reply = seen ? seen.tokens / seen.calls : TYPICAL_REPLY_TOKENS[request.role];
    return (this.countPrompt(request.messages, request.tools) * price.input + reply * price.output) / 1_000_000;
  }

  /** `model` with every call admitted first (or refused, not made) and its cost counted once answered. */
  limit(model: ChatModel, modelOf: (role: ModelRole) => string | undefined): ChatModel {
    return {
      ...(model.planFormat ? { planFormat: model.planFormat } : {}),
      chat: async (request, signal) => {
        const estimate = this.admit(request, modelOf(request.role));
        try {
          const response = await model.chat(request, signal);
          this.count({ role: request.role, model: response.model, promptTokens: response.usage.promptTokens, completionTokens: response.usage.completionTokens, cachedTokens: response.usage.cachedTokens, estimated: response.usage.estimated, ms: response.latencyMs });
          return response;
        } finally {
          this.answering -= estimate;
        }
      },
    };
  }

  /** Reserves the call's estimate, or throws `CostCapReachedError` when the spend would pass the cap. */
  private admit(request: ChatRequest, model: string | undefined): number {
    const estimate = this.estimate(request, model);
    const committed = this.spentUsd + this.answering;
    if (this.refused || committed + estimate > this.cap) {
      const message = `the cost cap of ${dollars(this.cap)} is reached: ${dollars(committed)} spent, and the next ${request.role} call (about ${dollars(estimate)}) would pass it, so it was not made`;
      this.refused = new CostCapReachedError(message, request.role, committed, estimate, this.cap);
      throw this.refused;
    }
    this.answering += estimate;
    return estimate;
  }

  private count(usage: UsageRecord): void {
    this.spentUsd += callCost(usage, this.prices) ?? 0;
    const seen = this.replies.get(usage.role) ?? { tokens: 0, calls: 0 };
    this.replies.set(usage.role, { tokens: seen.tokens + usage.completionTokens, calls: seen.calls + 1 });
  }
}
