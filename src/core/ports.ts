// The ports: everything core needs from its host, in core's own terms. Core never touches files,
// processes, the network or the editor directly; the Node adapters (src/node) and the VS Code adapters
// (src/vscode) implement these, and unit tests implement them with fakes.
import type { SpecialFileType } from './errors';

/** What a path in the workspace points at (a symlink is followed). */
export interface FileStat {
  readonly type: 'file' | 'directory' | SpecialFileType;
  readonly size: number;
  /** True when no write permission bit is set (mode 0444 and the like), whoever the process runs as. */
  readonly readOnly?: boolean;
}

/** How much of a file a read may take into memory. */
export interface ReadOptions {
  /** Larger files are refused with `FileTooLargeError` before a byte is read; the adapter's default applies when absent. */
  readonly maxBytes?: number;
}

/**
 * The files of one workspace. Every path is relative to the workspace root, written with `/`.
 * Implementations must refuse (with `WorkspaceEscapeError`) any path that resolves outside the root,
 * including through symlinks, and must write atomically (temp file in the same folder, then rename).
 * A host that keeps a run's own files (journal, trace) inside the workspace refuses them too, with
 * `ProtectedPathError`, however the path is spelled, and leaves them out of listings.
 */
export interface Workspace {
  /**
   * Reads a UTF-8 text file. Checks the file type and size before opening it: rejects with
   * `FileNotFoundError` when nothing is there, `NotAFileError` for a folder, FIFO, socket or device,
   * `FileTooLargeError` past `maxBytes`, `BinaryFileError` (size and digest) when the bytes are not text,
   * and `FileRefusedError` when the file system refuses (permission denied, name too long).
   */
  readFile(path: string, options?: ReadOptions): Promise<string>;
  /**
   * A text file in pieces of bounded size, for reads that need not hold the whole file (a search for an
   * exact string). Refuses as `readFile` does, except that neither size nor binary content is refused.
   */
  readTextChunks(path: string): AsyncIterable<string>;
  /** Replaces (or creates) a file atomically, creating parent folders; refuses (`NotAFileError`) to replace anything but a regular file. */
  writeFile(path: string, content: string): Promise<void>;
  /**
   * Replaces a file as `writeFile` does, but only over the bytes the caller saw: when the file no longer
   * begins with `seen` (null: no file was there) at the moment of the replace, rejects with `FileChangedError`
   * and writes nothing. Text appended after `seen` meanwhile (a log, a watcher) changes none of the seen
   * bytes: it is carried over to the end of the new file, not dropped (docs/executor.md, "Writes that never
   * clobber"). A host that cannot carry it over treats it as a change.
   */
  writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void>;
  /**
   * Appends to a file, creating it (and parent folders) when missing; refuses (`NotAFileError`) anything but a
   * regular file. Never rewrites the file, so text others add meanwhile stays.
   */
  appendFile(path: string, content: string): Promise<void>;
  /** Deletes a file; rejects with `FileNotFoundError` when it does not exist. */
  deleteFile(path: string): Promise<void>;
  /** Renames a file; rejects with `FileNotFoundError` when the source is missing, `FileExistsError` when the target exists. */
  rename(from: string, to: string): Promise<void>;
  /** Returns what is at `path`, or `undefined` when nothing is. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Files (not folders) matching a glob, relative to the root, sorted, `.gitignore`d files left out. */
  findFiles(glob: string, options?: { readonly limit?: number }): Promise<readonly string[]>;
  /**
   * Every file `findFiles` lists for a glob that matches everything (same skipped folders, same .gitignore
   * rules), unsorted and without a limit, from the cheapest complete listing the host has (git's index, a
   * ripgrep listing, else a walk): for counting files, not for reading them.
   */
  listAllFiles(): Promise<readonly string[]>;
}

/** One process to run. `command` is a shell command line; `cwd` is relative to the workspace root. */
export interface CommandRequest {
  readonly command: string;
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Combined stdout+stderr is capped at this many bytes; the tail is kept. */
  readonly maxOutputBytes: number;
}

/** How a process ended. `exitCode` is null when it was killed (timeout or cancellation). */
export interface CommandResult {
  readonly exitCode: number | null;
  readonly output: string;
  readonly truncated: boolean;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  readonly durationMs: number;
}

/** Runs shell commands inside the workspace; a timeout or cancellation kills the whole process tree. */
export interface CommandRunner {
  run(request: CommandRequest, signal?: AbortSignal): Promise<CommandResult>;
}

/** One message of a chat conversation. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly toolCallId?: string;
  readonly toolCalls?: readonly ChatToolCall[];
}

/** A function call the model asked for. `arguments` is the raw JSON text the model produced. */
export interface ChatToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** A tool the model may call, described by a JSON Schema. */
export interface ChatToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

/** Which part of the product makes a model call; usage is summed per role. */
export type ModelRole = 'planner' | 'replanner' | 'worker' | 'repairer' | 'solver' | 'fused';

/** Token counts for one call. `estimated` is true when counted locally because the endpoint gave none. */
export interface ChatUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  readonly estimated: boolean;
}

export interface ChatRequest {
  readonly role: ModelRole;
  readonly messages: readonly ChatMessage[];
  /** Ask for JSON output; `schema` is used where the endpoint supports structured output. */
  readonly responseFormat?: { readonly type: 'json'; readonly name: string; readonly schema?: Record<string, unknown> };
  readonly tools?: readonly ChatToolSpec[];
  /** The project rules files the prompt includes (AGENTS.md, …), named in the call's usage record and trace. */
  readonly projectRules?: readonly string[];
  /**
   * Hears the reply's text as it arrives, one piece at a time, in order; the pieces joined are the
   * response's `content`. An adapter retries only before the first piece: once text was delivered, a
   * failure is the call's failure, never a silent restart that would deliver the reply twice.
   */
  readonly onText?: (delta: string) => void;
}

export interface ChatResponse {
  readonly content: string;
  readonly toolCalls: readonly ChatToolCall[];
  readonly model: string;
  readonly usage: ChatUsage;
  readonly latencyMs: number;
}

/** How a planner writes plans: the compact plan language, or its small JSON form under a structured-output schema. */
export type PlanFormat = 'compact' | 'json';

/** A language model endpoint. Adapters retry transient errors themselves (before any text was delivered); a call is safe to repeat. */
export interface ChatModel {
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
  /**
   * The form this endpoint is asked to plan in, when the user chose one: `json` for an endpoint that follows a
   * structured-output schema better than free text. Absent: the compact plan language.
   */
  readonly planFormat?: PlanFormat;
}

/** Time, injectable so tests of retries and backoff do not wait. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * An append-only log of JSON records (the run journal, the trace), kept in the order appended. A record is
 * durable once all of it is written (and synced, for a log that syncs); records may be committed together.
 */
export interface RecordLog {
  /** Where the log is kept (a file path), named in errors when it cannot be written. */
  readonly path?: string;
  /** Queues `record` after every earlier one; resolves once it is durable, rejects when its write or sync failed. */
  append(record: unknown): Promise<void>;
  /**
   * The durability barrier: resolves once every record appended before the call is durable, rejects when
   * any of them failed. Nothing queued or in progress: resolves at once.
   */
  flush(): Promise<void>;
  /** Every record in order; a torn last line is dropped and reported through `onWarning`. */
  readAll(onWarning?: (message: string) => void): Promise<readonly unknown[]>;
}

/**
 * The words of the editor's views in the user's language, with VS Code's `l10n.t` semantics: `message` is the
 * English text and the key of its translation, `{0}`, `{1}` … are filled with `args`. The editor passes
 * `vscode.l10n`; the CLI and tests pass `englishText` (text/englishText.ts). Callers name it `l10n` and pass
 * literal messages, so scripts/l10nBundle.js collects every `l10n.t('…')` into the bundle.
 */
export interface Localize {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

/** What a read of a tool's state returned: its text, and its structured content when it gave one. */
export interface StatusReading {
  readonly output: string;
  readonly structured?: unknown;
}

/**
 * Reads state a check judges by calling a read-only tool (an MCP server's status tool, as a status check asks
 * whether an uncertain call took effect); a string says why it could not (no such tool, not read-only).
 */
export interface StatusReader {
  read(tool: string, args: unknown, signal: AbortSignal): Promise<StatusReading | string>;
}

/** Diagnostics for people, never for control flow. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** One file's content before and after a proposed change; null where the file is absent. */
export interface FileChangePreview {
  readonly path: string;
  readonly before: string | null;
  readonly after: string | null;
  /** Why the change cannot apply to the file as it is now (`after` then equals `before`). */
  readonly problem?: string;
  /** The earlier unfinished steps whose changes `before` already includes (the file as they leave it). */
  readonly basedOn?: readonly string[];
}

/** What a step will do, shown to the user before they approve it. */
export type ApprovalPreview =
  | { readonly kind: 'command'; readonly command: string; readonly cwd: string }
  | { readonly kind: 'fileChanges'; readonly changes: readonly FileChangePreview[] }
  | { readonly kind: 'modelEdit'; readonly path: string; readonly instruction: string }
  | { readonly kind: 'none' };

/** A step waiting for the user's decision, with its arguments as they will run (references resolved). */
export interface ApprovalRequest {
  readonly stepId: string;
  readonly title: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Why the settings did not let it run on its own. */
  readonly reason: string;
  readonly preview: ApprovalPreview;
}

/**
 * The user's answer. `wait` leaves the step waiting (a headless run stops and lists it); the promise of
 * an interactive gate simply stays open until the user answers or the signal aborts.
 */
export type ApprovalAnswer = 'approved' | 'rejected' | 'wait';

/** Asks the user about one step. Only the user answers; the model never can. */
export interface ApprovalGate {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
}

/** A run's lease, held while one process runs it; released when the run ends (a holder that dies loses it). */
export interface RunLease {
  release(): Promise<void>;
}

/**
 * Who may run a run: one process at a time holds its journal (the CLI, the editor and the MCP server alike).
 * `acquire` rejects with `RunLeaseHeldError`, having changed nothing, while another live process holds it, and
 * takes over a lease whose holder died.
 */
export interface RunLeases {
  acquire(journalPath: string): Promise<RunLease>;
}

/** A step's claim on the files its resolved tool call writes: its run, its step, how people count it (`3`), the files. */
export interface ClaimRequest {
  readonly runId: string;
  readonly stepId: string;
  readonly step: string;
  readonly paths: readonly string[];
}

/** The claim another run's step holds on a file a step needs. */
export interface ClaimHolder {
  readonly runId: string;
  readonly stepId: string;
  readonly step: string;
  readonly path: string;
}

/**
 * The files the running steps of every run of a workspace write (see run/writeClaimTable.ts). `claim` resolves
 * once the step holds its write set, to the release; it waits while another run's step holds one of the files,
 * rejects with `WriteClaimDeadlockError` when waiting could never end, and with the signal's reason when aborted.
 * Claims of runs whose process died are released.
 */
export interface WriteClaims {
  claim(request: ClaimRequest, signal: AbortSignal): Promise<() => Promise<void>>;
}
