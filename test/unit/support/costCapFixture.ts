// What the CLI's cost-cap tests share: a CLI invoked in a temp folder against one scripted endpoint (the prices and
// the plan are test/support/costCapScenario.ts).
import type { CliCommand } from '../../../src/cli/cliIo';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';
import { invoke } from './invokeCli';

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
