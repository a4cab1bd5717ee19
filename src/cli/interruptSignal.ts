// Ctrl-C (SIGINT) and SIGTERM as an AbortSignal for the length of one piece of the CLI's work: a model call
// while planning, or a whole run. The abort reason names the signal, so the journal, the report and the
// messages say why the work stopped. A second Ctrl-C finds no handler and ends the process as usual.

/** Runs `work` with a signal that SIGINT or SIGTERM aborts; the handlers are removed once it settles. */
export async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort('cancelled by SIGINT (Ctrl-C)');
  const onTerminate = () => controller.abort('cancelled by SIGTERM');
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onTerminate);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onTerminate);
  }
}
