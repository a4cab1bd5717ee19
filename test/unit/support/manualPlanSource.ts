// A planner's stream under a test's control: items are pushed one at a time, the stream ends or
// breaks off when the test says, and `until` waits on a condition rather than on a fixed time.
import { setImmediate as tick } from 'node:timers/promises';
import type { PlanStreamItem } from '../../../src/core/run/modelRoles';

/** An async source of plan stream items fed by the test. */
export class ManualPlanSource implements AsyncIterable<PlanStreamItem> {
  private readonly queue: (PlanStreamItem | { readonly end: true } | { readonly error: Error })[] = [];
  private waiting: (() => void) | undefined;
  private chars = 0;
  /** True once the consumer stopped reading (`return()` was called). */
  returned = false;

  /** Sends a step, as if its line just completed; the offset grows with the step's JSON. */
  step(step: unknown): void {
    this.chars += JSON.stringify(step).length + 1;
    this.push({ kind: 'step', step, offset: { chars: this.chars } });
  }

  /** Sends a line that is no step. */
  problem(message: string): void {
    this.chars += message.length + 1;
    this.push({ kind: 'problem', problems: [message], offset: { chars: this.chars } });
  }

  push(item: PlanStreamItem): void {
    this.enqueue(item);
  }

  end(): void {
    this.enqueue({ end: true });
  }

  fail(error: Error): void {
    this.enqueue({ error });
  }

  [Symbol.asyncIterator](): AsyncIterator<PlanStreamItem> {
    return {
      next: async () => {
        while (this.queue.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
        const item = this.queue.shift()!;
        if ('end' in item) return { done: true, value: undefined };
        if ('error' in item) throw item.error;
        return { done: false, value: item };
      },
      return: async () => {
        this.returned = true;
        return { done: true, value: undefined };
      },
    };
  }

  private enqueue(entry: PlanStreamItem | { readonly end: true } | { readonly error: Error }): void {
    this.queue.push(entry);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }
}

/** Yields to the event loop until `condition` holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await tick();
}
