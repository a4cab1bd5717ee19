// What the cost-cap tests share: prices that make token counts read as dollars, a plan of two worker calls with
// the reply that prices each at $0.75, and a CLI invoked in a temp folder against one scripted endpoint.
import type { CliCommand } from '../../../src/cli/cliIo';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';
import { invoke } from './invokeCli';

/** $1000 a million tokens, in and out: every token costs a tenth of a cent, so the figures read plainly. */
export const CAP_PRICES = { scripted: { input: 1000, output: 1000 } };

/** Two worker calls, the second after the first: each `generate` reply costs 50 + 700 tokens, $0.75. */
export const TWO_NOTES_PLAN = {
  version: 1,
  goal: 'Draft two notes',
  steps: [
    { id: 'E1', title: 'Draft the first note', tool: 'generate', args: { instruction: 'Write the first note.' } },
    { id: 'E2', title: 'Draft the second note', tool: 'generate', args: { instruction: 'Write the second note.' }, dependsOn: ['E1'] },
  ],
};

/** The worker's reply to each of TWO_NOTES_PLAN's steps. */
export const NOTE_REPLY = { content: 'A note.', usage: { prompt_tokens: 50, completion_tokens: 700 } };

/** A CLI run in `dir` against one scripted endpoint, started by the first call with its script and kept until close. */
export class ScriptedCli<Report> {
  server: ScriptedModelServer | undefined;

  constructor(private readonly dir: () => string) {}

  async run(command: CliCommand, args: string[], script: Script) {
    this.server ??= await ScriptedModelServer.start(script);
    const captured = await invoke(command, args, this.dir(), { PLANWRIGHT_BASE_URL: this.server.baseUrl, PLANWRIGHT_MODEL: 'scripted' });
    return { ...captured, report: captured.stdout ? (JSON.parse(captured.stdout) as Report) : undefined };
  }

  /** The calls the endpoint served. */
  get calls(): number {
    return this.server?.requests.length ?? 0;
  }

  async close(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
