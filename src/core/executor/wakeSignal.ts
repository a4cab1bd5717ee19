// A signal a scheduling loop waits on: `next()` resolves at the following `wake()`. Taken before the loop
// looks at the run, so a change that lands while it schedules still wakes it.
export class WakeSignal {
  private pending = deferred();

  /** Resolves at the next `wake()`. */
  next(): Promise<void> {
    return this.pending.promise;
  }

  /** Wakes everyone waiting on `next()`. */
  wake(): void {
    const woken = this.pending;
    this.pending = deferred();
    woken.resolve();
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
