// Small in-memory fakes of the ports for core tests where a real file system or process is not the
// point, plus a ToolContext builder and an assertion for typed tool failures.
import * as assert from 'node:assert/strict';
import { FileChangedError, FileExistsError, FileNotFoundError, FileTooLargeError, NotAFileError, ToolError, WorkspaceEscapeError, type FailureKind, type SpecialFileType } from '../../../src/core/errors';
import type {
  ChatModel,
  ChatRequest,
  ChatResponse,
  CommandRequest,
  CommandResult,
  CommandRunner,
  FileStat,
  ReadOptions,
  Workspace,
} from '../../../src/core/ports';
import { DEFAULT_TOOL_LIMITS, type ToolContext } from '../../../src/core/tools/defineTool';
import { workspacePathProblem } from '../../../src/core/workspacePath';

type WorkspaceMethod = 'readFile' | 'readTextChunks' | 'writeFile' | 'appendFile' | 'deleteFile' | 'rename' | 'stat' | 'findFiles' | 'listAllFiles';

/**
 * Files in a Map, refusing paths the pure rule refuses; `failNext` makes the next call of one method
 * throw, to simulate an I/O error. `specials` holds FIFOs, sockets and devices (refused as the real
 * adapters refuse them), `readOnly` the files whose mode has no write bit.
 */
export class MemoryWorkspace implements Workspace {
  readonly files = new Map<string, string>();
  readonly specials = new Map<string, SpecialFileType>();
  readonly readOnly = new Set<string>();
  private failures = new Map<WorkspaceMethod, unknown>();

  constructor(initial: Record<string, string> = {}) {
    for (const [path, content] of Object.entries(initial)) this.files.set(path, content);
  }

  failNext(method: WorkspaceMethod, error: unknown): void {
    this.failures.set(method, error);
  }

  private maybeFail(method: WorkspaceMethod, ...paths: string[]): void {
    for (const path of paths) {
      const problem = workspacePathProblem(path);
      if (problem) throw new WorkspaceEscapeError(path, problem);
    }
    if (!this.failures.has(method)) return;
    const error = this.failures.get(method);
    this.failures.delete(method);
    throw error;
  }

  async readFile(path: string, options?: ReadOptions): Promise<string> {
    this.maybeFail('readFile', path);
    const content = this.regularFile(path);
    if (options?.maxBytes !== undefined && content.length > options.maxBytes) throw new FileTooLargeError(path, content.length, options.maxBytes);
    return content;
  }
  async *readTextChunks(path: string): AsyncIterable<string> {
    this.maybeFail('readTextChunks', path);
    const content = this.regularFile(path);
    for (let at = 0; at < content.length; at += 4) yield content.slice(at, at + 4);
  }
  async writeFile(path: string, content: string): Promise<void> {
    this.maybeFail('writeFile', path);
    this.refuseSpecial(path);
    this.files.set(path, content);
  }
  /** The check (text appended since `seen` carried over), then `writeFile`, so a subclass watching writes sees these too and `failNext('writeFile')` applies. */
  async writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void> {
    const current = this.files.get(path) ?? null;
    if (current === null ? seen !== null : seen === null || !current.startsWith(seen)) throw new FileChangedError(path);
    return this.writeFile(path, content + (current ?? '').slice(seen?.length ?? 0));
  }
  async appendFile(path: string, content: string): Promise<void> {
    this.maybeFail('appendFile', path);
    this.refuseSpecial(path);
    this.files.set(path, (this.files.get(path) ?? '') + content);
  }
  async deleteFile(path: string): Promise<void> {
    this.maybeFail('deleteFile', path);
    if (!this.files.delete(path)) throw new FileNotFoundError(path);
  }
  async rename(from: string, to: string): Promise<void> {
    this.maybeFail('rename', from, to);
    const content = this.files.get(from);
    if (content === undefined) throw new FileNotFoundError(from);
    if (this.files.has(to)) throw new FileExistsError(to);
    this.files.delete(from);
    this.files.set(to, content);
  }
  async stat(path: string): Promise<FileStat | undefined> {
    this.maybeFail('stat', path);
    const special = this.specials.get(path);
    if (special) return { type: special, size: 0 };
    const content = this.files.get(path);
    if (content !== undefined) return { type: 'file', size: content.length, readOnly: this.readOnly.has(path) };
    const prefix = `${path}/`;
    return [...this.files.keys()].some((key) => key.startsWith(prefix)) ? { type: 'directory', size: 0 } : undefined;
  }
  async findFiles(_glob: string, options?: { readonly limit?: number }): Promise<readonly string[]> {
    this.maybeFail('findFiles');
    return [...this.files.keys()].sort().slice(0, options?.limit);
  }

  async listAllFiles(): Promise<readonly string[]> {
    this.maybeFail('listAllFiles');
    return [...this.files.keys()];
  }

  /** The content of the regular file at `path`; specials and missing files refused as the adapters do. */
  private regularFile(path: string): string {
    this.refuseSpecial(path);
    const content = this.files.get(path);
    if (content === undefined) throw new FileNotFoundError(path);
    return content;
  }

  private refuseSpecial(path: string): void {
    const special = this.specials.get(path);
    if (special) throw new NotAFileError(path, special);
  }
}

/** A runner that records each request and answers from a script (or a function of the request). */
export class ScriptedCommandRunner implements CommandRunner {
  readonly requests: CommandRequest[] = [];
  constructor(private readonly answer: (request: CommandRequest) => Partial<CommandResult> | Error) {}

  async run(request: CommandRequest): Promise<CommandResult> {
    this.requests.push(request);
    const answer = this.answer(request);
    if (answer instanceof Error) throw answer;
    return { exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 5, ...answer };
  }
}

/** A model that records each request and answers with the next scripted reply (text or error). */
export class ScriptedChatModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly replies: (string | Error)[]) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('ScriptedChatModel: no reply left');
    if (reply instanceof Error) throw reply;
    return {
      content: reply,
      toolCalls: [],
      model: 'test-worker',
      usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 0, estimated: false },
      latencyMs: 3,
    };
  }
}

/** A ToolContext over the given ports, with default limits and a live signal. */
export function toolContext(parts: Partial<ToolContext> & Pick<ToolContext, 'workspace'>): ToolContext {
  return {
    commands: new ScriptedCommandRunner(() => ({})),
    runId: 'run-1',
    stepId: 'step-1',
    flags: {},
    limits: DEFAULT_TOOL_LIMITS,
    signal: new AbortController().signal,
    ...parts,
  };
}

/** Asserts that `promise` rejects with a ToolError of this kind and reason, and returns it. */
export async function assertToolError(promise: Promise<unknown>, kind: FailureKind, reason: string): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ToolError, `expected a ToolError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected a ToolError (${kind}, ${reason}), but it succeeded`);
}

/** An AbortSignal that has already fired. */
export function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}
