// What the run controller needs from the rest of the extension: the host adapters (ports over a workspace
// folder, the configured models, settings, log, run storage, approvals, the loaded plan), as functions so tests
// can swap them.
import type * as vscode from 'vscode';
import type { HostSettings } from '../../core/hostSettings';
import type { ChatModel, CommandRunner, Workspace } from '../../core/ports';
import type { LoadedPlan } from '../plan/loadedPlan';
import type { PendingApprovals } from '../approvals/pendingApprovals';
import type { RunStorage } from './runStorage';

/** The models a run uses: the planner plans and re-plans, the worker does model steps and the summary. */
export interface RunModels {
  readonly planner: ChatModel;
  readonly worker: ChatModel;
}

/** What the controller needs from the rest of the extension (the adapters), as functions so tests can swap them. */
export interface RunHost {
  /** The file and command ports over a workspace folder. */
  ports(folder: vscode.WorkspaceFolder): { readonly workspace: Workspace; readonly commands: CommandRunner };
  /** The configured models; rejects (with a ModelError saying what to configure) when there are none. */
  models(): Promise<RunModels>;
  settings(): HostSettings;
  readonly log: vscode.LogOutputChannel;
  readonly storage: RunStorage;
  readonly approvals: PendingApprovals;
  readonly loadedPlan: LoadedPlan;
  /** Starts the MCP servers that need nobody's answer, before a journal that may call their tools is replayed. */
  readonly prepareTools?: () => Promise<void>;
}
