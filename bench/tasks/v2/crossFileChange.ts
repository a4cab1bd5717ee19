// The shape every v2 task has: one change carried into many files that the goal does not name, found by
// searching. From the files to change (and how), it builds what each arm's competent model does:
//
// - split: the planner sees the goal and the workspace summary only, so its plan is the goal's acceptance
//   check — a `grep -l` that must find nothing — whose failure output lists the files still to change; the
//   executor hands that output to the re-planner, which writes one edit per listed file (`editFile` when
//   the goal gives the exact text, `proposeEdit` when the worker must read the file), the deletions, the
//   check again and the tests;
// - fused: the agent searches, reads every file it will edit, edits, searches again and runs the tests.
//
// It checks that each arm's script uses only what that arm can see: the listed paths fit the re-planner's
// evidence tail, and every edit the agent makes is in the part of the file its read returned.
import type { Check } from '../../../src/core/checks/checkSchema';
import type { Step } from '../../../src/core/plan/planSchema';
import { applyEdits, type TextEdit } from '../../../src/core/tools/applyEdits';
import { editStep, readStep, testsPass, testStep } from '../stepBuilders';

/** One file the task changes, and how a competent model changes it. */
export interface FileChange {
  readonly path: string;
  /** The exact edits (applied to the fixture's file) that a model who has read the file makes. */
  readonly edits: readonly TextEdit[];
  /** For the worker when the re-planner cannot know the exact text (`proposeEdit`); absent: `editFile`. */
  readonly instruction?: string;
  /** Holds exactly when this file is changed as the goal asks; a postcondition and ground truth. */
  readonly check: Check;
}

/** What a family decides; the rest follows. */
export interface CrossFileSpec {
  readonly goal: string;
  readonly files: Record<string, string>;
  readonly changes: readonly FileChange[];
  /** Files the goal names for deletion, deleted once every change is in. */
  readonly deletions?: readonly string[];
  /** A command that prints each file still to change (`grep -l`) and exits 1 when there is none. */
  readonly acceptance: { readonly command: string; readonly title: string };
  /** The agent's search for the same files. */
  readonly search: { readonly pattern: string; readonly glob: string };
  readonly extraTruth?: readonly Check[];
  readonly summary: string;
}

/** A v2 task before a fault is injected. */
export interface V2Draft {
  readonly goal: string;
  readonly files: Record<string, string>;
  readonly groundTruth: readonly Check[];
  /** The planner's plan: the acceptance check, which fails while files are left to change. */
  readonly steps: readonly Step[];
  /** The re-planner's steps once it has the acceptance check's output. */
  readonly followUp: readonly Step[];
  /** The fused agent's calls, in order; steps that are the same call in both arms share their id. */
  readonly agentSteps: readonly Step[];
  /** The worker's reply to each `proposeEdit`, by path. */
  readonly workerEdits: Record<string, string>;
  readonly summary: string;
}

/** The re-planner sees the tail of a failed step's output up to this many characters. */
const EVIDENCE_CHARS = 1_500;
/** The fused agent sees a tool's output up to this many characters. */
const AGENT_OUTPUT_CHARS = 8_000;

/** The text searchText returns for `pattern` over the files under `glob`'s folder (`dir/**` or `**`). */
export function searchOutput(files: Readonly<Record<string, string>>, pattern: string, glob: string): string {
  const prefix = glob.split('**')[0]!;
  const regex = new RegExp(pattern);
  const lines: string[] = [];
  for (const path of Object.keys(files).sort()) {
    if (!path.startsWith(prefix) || !regex.test(files[path]!)) continue;
    files[path]!.split(/\r?\n/).forEach((line, index) => {
      if (regex.test(line)) lines.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return lines.join('\n');
}

function assertHonest(spec: CrossFileSpec, listed: readonly string[]): void {
  const evidence = listed.reduce((sum, path) => sum + path.length + 1, 0);
  if (evidence > EVIDENCE_CHARS - 100) throw new Error(`the acceptance check lists ${evidence} characters of paths, more than the re-planner sees`);
  const found = searchOutput(spec.files, spec.search.pattern, spec.search.glob);
  if (found.length > AGENT_OUTPUT_CHARS - 100) throw new Error(`the agent's search returns ${found.length} characters, more than it sees`);
  for (const change of spec.changes) {
    if (!found.includes(`${change.path}:`)) throw new Error(`${change.path} is not in the agent's search result`);
    const seen = spec.files[change.path]!.slice(0, AGENT_OUTPUT_CHARS - 1);
    for (const edit of change.edits) if (!seen.includes(edit.find)) throw new Error(`${change.path}: an edit is past what readFile shows the agent`);
    const result = applyEdits(spec.files[change.path]!, change.edits);
    if (!result.ok) throw new Error(`${change.path}: ${result.problem}`);
  }
}

/** Builds both arms' scripts and the ground truth for a change across files. */
export function crossFileTask(spec: CrossFileSpec): V2Draft {
  const deletions = spec.deletions ?? [];
  assertHonest(spec, [...spec.changes.map((change) => change.path), ...deletions]);
  const acceptanceCheck: Check = { kind: 'exitCode', equals: 1 };
  const discovery: Step = { id: 'E1', title: spec.acceptance.title, tool: 'runCommand', args: { command: spec.acceptance.command }, idempotent: true, postcondition: acceptanceCheck };
  let next = 2;
  const workerEdits: Record<string, string> = {};
  const edits: Step[] = spec.changes.map((change) => {
    const id = `E${next++}`;
    if (!change.instruction) return editStep(id, `Edit ${change.path}`, change.path, spec.files[change.path]!, change.edits, change.check);
    workerEdits[change.path] = JSON.stringify({ edits: change.edits });
    return { id, title: `Change ${change.path}`, tool: 'proposeEdit', args: { path: change.path, instruction: change.instruction }, postcondition: change.check };
  });
  const editIds = edits.map((step) => step.id);
  const removals: Step[] = deletions.map((path) => ({ id: `E${next++}`, title: `Delete ${path}`, tool: 'deleteFile', args: { path }, dependsOn: editIds, postcondition: { kind: 'fileAbsent', path } }));
  const doneIds = [...editIds, ...removals.map((step) => step.id)];
  const recheck: Step = { ...discovery, id: `E${next++}`, title: `${spec.acceptance.title} (again)`, dependsOn: doneIds };
  const tests = testStep(`E${next++}`, { dependsOn: doneIds });

  const search = readStep('S1', 'Search for what to change', 'searchText', { ...spec.search });
  const reads = spec.changes.map((change, index) => readStep(`R${index + 1}`, `Read ${change.path}`, 'readFile', { path: change.path }, { dependsOn: ['S1'] }));
  const agentEdits = spec.changes.map((change, index) => {
    const split = edits[index]!;
    const step = split.tool === 'editFile' ? split : editStep(split.id, `Edit ${change.path}`, change.path, spec.files[change.path]!, change.edits, change.check);
    return { ...step, dependsOn: [`R${index + 1}`] };
  });
  const verify = readStep('S2', 'Search again: nothing left to change', 'searchText', { ...spec.search }, { dependsOn: doneIds });
  return {
    goal: spec.goal,
    files: spec.files,
    groundTruth: [...spec.changes.map((change) => change.check), ...deletions.map((path): Check => ({ kind: 'fileAbsent', path })), ...(spec.extraTruth ?? []), testsPass],
    steps: [discovery],
    followUp: [...edits, ...removals, recheck, tests],
    agentSteps: [search, ...reads, ...agentEdits, ...removals, verify, tests],
    workerEdits,
    summary: spec.summary,
  };
}
