// Which files a run changed, from the snapshots its journal keeps of every step's start and end: each
// file as it was before the first step that wrote it and as the last such step left it. Pure: the
// decision of what undoing would do to one file is made here, the reading and writing in undoRun.ts.
import { stepReference } from '../plan/stepNumbers';
import type { FileTouch, RunState } from '../run/runState';
import type { UndoneState } from '../run/undoneRun';

/** One file a run changed: its content before the run (null: absent) and as the run left it. */
export interface FileChange {
  readonly path: string;
  /** `undefined`: no copy was kept (a binary, too large or special file); `notKept` says why. */
  readonly original: string | null | undefined;
  readonly notKept?: string;
  /** As the last step that wrote it left it; `undefined` when that step's end was not journalled or its copy not kept. */
  readonly final: string | null | undefined;
  /** The steps that wrote it, in the order they started. */
  readonly stepIds: readonly string[];
}

/** The run as undoing reads it: its file touches, and its plan (when known) to name steps in messages. */
export type UndoSource = Pick<RunState, 'touches'> & Partial<Pick<RunState, 'plan'>>;

/** How an undo message names a step: "3 Test the flag" when the run's plan is known, else the id. */
export function undoStepName(state: UndoSource): (stepId: string) => string {
  const plan = state.plan;
  return (stepId) => (plan ? stepReference(plan, stepId) : stepId);
}

/** What a change did to its file. */
export type ChangeKind = 'created' | 'deleted' | 'modified';

/** Whether `change` created, deleted or modified its file (a file left in an unknown state counts as modified). */
export function changeKind(change: FileChange): ChangeKind {
  if (change.original === null) return 'created';
  if (change.final === null) return 'deleted';
  return 'modified';
}

/** A run (or the rest of it, from a step) that cannot be undone as asked: the message says why. */
export class UndoScopeError extends Error {
  readonly reason = 'undoScope';
  constructor(message: string) {
    super(message);
    this.name = 'UndoScopeError';
  }
}

/**
 * The files the run changed, in the order it first wrote them; with `fromStepId`, only what that step
 * and every step started after it changed, each file as it was just before them. Files a step wrote back
 * to their earlier content are left out. Throws `UndoScopeError` when `fromStepId` never started.
 */
export function runFileChanges(state: UndoSource, fromStepId?: string): FileChange[] {
  const touches = state.touches ?? [];
  const start = fromStepId === undefined ? 0 : touches.findIndex((touch) => touch.stepId === fromStepId);
  if (start === -1) throw new UndoScopeError(`${undoStepName(state)(fromStepId!)} has not run, so there is nothing to undo back to before it.`);
  const byPath = new Map<string, TouchedFile>();
  for (const touch of touches.slice(start)) recordTouch(byPath, touch);
  return [...byPath].map(([path, entry]) => ({ path, ...entry })).filter((change) => change.final !== change.original);
}

/** Whether Undo Run has something to do: the run changed files, and no undo of the whole of it put every one back. */
export function canUndoRun(state: UndoSource & UndoneState): boolean {
  const whollyUndone = state.undone !== undefined && state.undone.fromStepId === undefined && state.undone.refused.length === 0;
  return !whollyUndone && runFileChanges(state).length > 0;
}

interface TouchedFile {
  original: string | null | undefined;
  notKept?: string;
  final: string | null | undefined;
  stepIds: string[];
}

/**
 * A file the step's end snapshot has and its start snapshot lacks was created in a folder the step writes
 * (a sub-plan's scope): the start listed that folder, so the file was absent then.
 */
function startSnapshots(touch: FileTouch): readonly FileTouch['before'][number][] {
  const known = new Set(touch.before.map((snapshot) => snapshot.path));
  const created = (touch.after ?? []).filter((snapshot) => !known.has(snapshot.path)).map((snapshot) => ({ path: snapshot.path, content: null }));
  return [...touch.before, ...created];
}

function recordTouch(byPath: Map<string, TouchedFile>, touch: FileTouch): void {
  for (const snapshot of startSnapshots(touch)) {
    const entry: TouchedFile = byPath.get(snapshot.path) ?? {
      original: snapshot.content,
      ...(snapshot.content === undefined ? { notKept: snapshot.notKept ?? 'no copy was kept' } : {}),
      final: snapshot.content,
      stepIds: [],
    };
    const after = touch.after?.find((candidate) => candidate.path === snapshot.path);
    entry.final = touch.after ? (after ? after.content : null) : undefined;
    if (!entry.stepIds.includes(touch.stepId)) entry.stepIds.push(touch.stepId);
    byPath.set(snapshot.path, entry);
  }
}

/** What undoing does to one file: put it back, nothing (already as before), or refuse with the reason. */
export type UndoDecision =
  | { readonly path: string; readonly action: 'restore'; readonly content: string | null }
  | { readonly path: string; readonly action: 'unchanged' }
  | { readonly path: string; readonly action: 'refuse'; readonly reason: string };

/**
 * Decides for one file given its content now (null: absent): restore it only when it is exactly as the
 * run left it, so an edit made since (by the user or another program) is never overwritten. `name` says how
 * a refusal names the step that last wrote the file.
 */
export function decideUndo(change: FileChange, current: string | null, name: (stepId: string) => string = (stepId) => stepId): UndoDecision {
  const { path } = change;
  if (change.original === undefined) return { path, action: 'refuse', reason: `no copy of it was kept before the run (${change.notKept})` };
  if (current === change.original) return { path, action: 'unchanged' };
  if (change.final === undefined) {
    return { path, action: 'refuse', reason: `the run stopped before recording what ${name(change.stepIds.at(-1)!)} left in it, so an edit made since cannot be ruled out` };
  }
  if (current !== change.final) {
    const what = current === null ? 'deleted' : change.final === null ? 'created again' : 'edited';
    return { path, action: 'refuse', reason: `${what} since ${name(change.stepIds.at(-1)!)} changed it` };
  }
  return { path, action: 'restore', content: change.original };
}
