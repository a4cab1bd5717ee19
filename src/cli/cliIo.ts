// What a CLI command may touch of its process: output streams, environment, working directory.
// Passed in so commands can be tested without spawning a process.
import type { McpRunRecord } from '../core/mcp/mcpRunRecord';
import type { ApprovalGate } from '../core/ports';

export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** The MCP servers `--mcp-config` started, for the run's journal (env values left out). */
  readonly mcp?: McpRunRecord;
  /** Who answers a step that needs approval; without one, every such step waits (`planwright mcp` passes its own). */
  readonly approvals?: ApprovalGate;
  /** Told each step transition as the run goes, with the steps ended so far and in all (MCP progress). */
  readonly onProgress?: (line: string, ended: number, total: number) => void;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, badInput: 2, awaitingApproval: 3, runHeld: 4 } as const;

/** One `planwright` sub-command. */
export interface CliCommand {
  readonly name: string;
  /** One line for `--help`. */
  readonly usage: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}
