// The one shape every tool has: its argument schema, the effect class that decides whether a retry is
// safe, which files it may change (for snapshots and for serialising writers), how an uncertain outcome
// is settled, and the work itself, done only through ports.
import type { z } from 'zod';
import type { ApprovalPreview, ChatModel, ChatUsage, CommandRunner, Workspace } from '../ports';
import type { SubplanHost } from './subplan';

/** Whether repeating a tool call is safe: the heart of "re-plan rather than retry". */
export type EffectClass = 'readOnly' | 'idempotent' | 'nonIdempotent';

/** The step-level flags that change a tool's effect class (only `runCommand` reads them). */
export interface StepFlags {
  readonly idempotent?: boolean;
  readonly idempotencyKey?: boolean;
  /** The step's postcondition judges the exit code itself, so a non-zero exit is not a failure. */
  readonly checksExitCode?: boolean;
}

/** How an uncertain effect is settled when nothing else (a step's own `statusCheck`) says. */
export type SettleMethod = 'statusRead' | 'idempotencyKey' | 'none';

/** What a status read found out about an effect whose outcome was uncertain. */
export type SettleOutcome = 'done' | 'notDone' | 'cannotTell';

/** Limits the host sets for tool calls. */
export interface ToolLimits {
  readonly commandTimeoutMs: number;
  readonly maxOutputBytes: number;
  readonly maxSearchResults: number;
  readonly maxListedFiles: number;
  /** The largest file read into memory or kept in the journal (readFile, edits, snapshots, checks, each file searched). */
  readonly maxReadBytes: number;
}

/** 4 MiB: a large source file fits; a data dump or a build artefact is refused before it is read. */
export const DEFAULT_MAX_READ_BYTES = 4 * 1024 * 1024;

/** The limits a host uses unless its settings say otherwise. */
export const DEFAULT_TOOL_LIMITS: ToolLimits = {
  commandTimeoutMs: 120_000,
  maxOutputBytes: 64 * 1024,
  maxSearchResults: 200,
  maxListedFiles: 2_000,
  maxReadBytes: DEFAULT_MAX_READ_BYTES,
};

/** Everything a tool may use while it runs. */
export interface ToolContext {
  readonly workspace: Workspace;
  readonly commands: CommandRunner;
  /** The worker model, for `generate` and `proposeEdit`; absent when none is configured. */
  readonly model?: ChatModel;
  /** Runs `subplan` steps; absent where sub-plans cannot run (no planner, or at the depth limit). */
  readonly subplans?: SubplanHost;
  /** Counts a model call the tool made outside the worker model (a sub-plan's planner) against the run. */
  readonly recordUsage?: (usage: ChatUsage & { readonly role: string; readonly model: string; readonly ms: number }) => Promise<void>;
  readonly runId: string;
  readonly stepId: string;
  readonly flags: StepFlags;
  readonly limits: ToolLimits;
  readonly signal: AbortSignal;
}

/**
 * A file's content before a step changed it; `content` is null when the file did not exist, and absent
 * when it was not kept (binary, over the read limit, not a regular file, unreadable): `notKept` says why,
 * with the size and, for binary content, its SHA-256 digest.
 */
export interface FileSnapshot {
  readonly path: string;
  readonly content?: string | null;
  readonly notKept?: string;
  readonly bytes?: number;
  readonly sha256?: string;
}

/** A tool's result: text for `#E` references and people, details for the trace and the UI. */
export interface ToolOutput {
  readonly text: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Why a tool declared by someone else (an MCP server) has its effect class and approval rule. */
export interface ToolProvenance {
  /** The hint that decided the effect class, e.g. `idempotentHint: true`. */
  readonly effect: string;
  /** The hint that decided how the tool is approved, e.g. `no destructiveHint (the MCP default is destructive)`. */
  readonly approval: string;
  /** True when every call is approved on its own, never in bulk. */
  readonly oneByOne: boolean;
}

/** A tool, as declared once in code. */
export interface ToolDefinition<Input = unknown> {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodType<Input>;
  /** The input as the JSON Schema it was declared in, for tools not declared in zod (an MCP server's tools). */
  readonly inputJsonSchema?: Readonly<Record<string, unknown>>;
  /** Present for tools whose effect class comes from another party's hints rather than from this code. */
  readonly provenance?: ToolProvenance;
  /** The call waits on the worker model, not on this machine: it runs in the model pool (parallelLimits.ts). */
  readonly callsModel?: boolean;
  /** The effect class of this call (constant for every tool but `runCommand`). */
  effect(input: Input, flags: StepFlags): EffectClass;
  /**
   * The exact command line this call runs, for tools approved command by command: only such a call is
   * matched against the allow-list, and a compound one is always shown first. Absent for other tools.
   */
  commandLine?(input: Input): string;
  /** Workspace files this call may create, change or delete: snapshotted before, never written in parallel. */
  writes(input: Input): readonly string[];
  /** Workspace files that must exist before this call runs (what it reads, edits, deletes or moves); none when absent. */
  needs?(input: Input): readonly string[];
  /** How an uncertain outcome of this call is settled when the step has no `statusCheck`. */
  settleMethod(input: Input, flags: StepFlags): SettleMethod;
  /**
   * The status read behind `settleMethod() === 'statusRead'`. `before` holds the snapshot of `writes()`
   * taken just before the call, so a read can tell "unchanged" from "changed as intended".
   */
  statusRead?(input: Input, context: ToolContext, before: readonly FileSnapshot[]): Promise<SettleOutcome>;
  /** What this call will do, shown before the user approves it (the exact command, or each file before and after). */
  preview?(input: Input, workspace: Workspace): Promise<ApprovalPreview>;
  /** Does the work through the ports. Fails with `ToolError` (`definite` or `ambiguous`). */
  execute(input: Input, context: ToolContext): Promise<ToolOutput>;
}

/** Builds a tool; the input type flows from the zod schema. */
export function defineTool<Schema extends z.ZodType>(
  definition: ToolDefinition<z.infer<Schema>> & { readonly input: Schema },
): ToolDefinition<z.infer<Schema>> {
  return definition;
}
