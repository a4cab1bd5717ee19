// The scripted model behind the editor tests (integration and UI): planning "add a --quiet flag" to the
// demo workspace's tally CLI gives a plan, written in the plan language with the model's own step titles, whose test run fails its postcondition (the flag is accepted but
// not implemented yet); the re-planner then answers with a patch that drops the failed test run and the
// step behind it and adds the implementation, the test run again and the documentation (revision 2).
// Replies are chosen by what is asked (plan, patch, anything else), so the order of calls does not matter.
import type { Step } from '../../src/core/plan/planSchema';
import { readCompactPlan } from '../../src/core/plan/compact/compactPlanReader';
import { encodeCompactStep } from '../../src/core/plan/compact/encodeCompactPlan';
import type { ScriptedReply } from './scriptedModelServer';

/** The goal typed into Plan a Task…. */
export const QUIET_GOAL = 'Add a --quiet flag to tally that prints the counts without the file name';

const QUIET_TEST = [
  "'use strict';",
  "const assert = require('node:assert/strict');",
  "const { execFileSync } = require('node:child_process');",
  "const path = require('node:path');",
  "const { test } = require('node:test');",
  '',
  "test('--quiet prints the counts without the file name', () => {",
  "  const cli = path.join(__dirname, '..', 'src', 'cli.js');",
  "  const out = execFileSync(process.execPath, [cli, '--quiet', cli], { encoding: 'utf8' });",
  '  assert.doesNotMatch(out, /cli\\.js/);',
  '});',
  '',
].join('\n');

const FLAGS_BEFORE = "const FLAGS = ['--lines', '--words', '--chars'];";
const USAGE_BEFORE = 'node src/cli.js [--lines] [--words] [--chars] FILE...';

/**
 * Revision 1 as the planner model writes it, in the plan language and as the prompt asks: a title per step
 * (`# …`), no check the call already guarantees. Read, accept the flag, test it, run the tests (fails: not
 * implemented), document it.
 */
export const QUIET_PLAN_REPLY = [
  'E1 readFile {"path":"src/cli.js"} # Read the CLI entry point',
  `E2 editFile ${JSON.stringify({ path: 'src/cli.js', edits: [{ find: FLAGS_BEFORE, replace: "const FLAGS = ['--lines', '--words', '--chars', '--quiet'];" }] })} # Accept --quiet`,
  `E3 writeFile ${JSON.stringify({ path: 'test/quiet.test.js', content: QUIET_TEST })} after E2 # Test that --quiet leaves out the file name`,
  'E4 runCommand {"command":"npm test"} # Run the tests',
  `E5 editFile ${JSON.stringify({ path: 'README.md', edits: [{ find: USAGE_BEFORE, replace: 'node src/cli.js [--lines] [--words] [--chars] [--quiet] FILE...' }] })} # Document --quiet`,
].join('\n');

/** What Planwright reads from the reply: the steps of revision 1, titled as the model wrote them. */
export const QUIET_PLAN_STEPS: Step[] = readCompactPlan(QUIET_PLAN_REPLY).steps;

/** Revision 2: print without the file name when quiet, run the tests again, then document the flag. */
export const QUIET_REPLAN_STEPS = [
  {
    id: 'R1',
    title: 'Leave out the file name when quiet',
    tool: 'editFile',
    args: {
      path: 'src/cli.js',
      edits: [{ find: '    console.log(`${formatCounts(count(text), options)} ${file}`);', replace: '    console.log(options.quiet ? formatCounts(count(text), options) : `${formatCounts(count(text), options)} ${file}`);' }],
    },
    dependsOn: ['E3'],
    postcondition: { kind: 'fileContains', path: 'src/cli.js', text: 'options.quiet' },
  },
  { id: 'R2', title: 'Run the tests again', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['R1'], postcondition: { kind: 'exitCode', equals: 0 } },
  {
    id: 'R3',
    title: 'Document --quiet',
    tool: 'editFile',
    args: { path: 'README.md', edits: [{ find: 'node src/cli.js [--lines] [--words] [--chars] FILE...', replace: 'node src/cli.js [--lines] [--words] [--chars] [--quiet] FILE...' }] },
    dependsOn: ['R2'],
    postcondition: { kind: 'fileContains', path: 'README.md', text: '[--quiet]' },
  },
];

/** A step's full plan-language line without its label: its title and every check written out, so the tree shows
 * the scenario's titles and its failing check stays (a planner may write both, though the prompt asks for less). */
const stepLine = (step: Step): string => encodeCompactStep(step).slice(step.id.length + 1);

/** The re-planner's patch: E4 and E5 dropped, R1–R3 added. */
export const QUIET_PATCH = ['drop E4', 'drop E5', ...QUIET_REPLAN_STEPS.map((step) => `add ${step.id} ${stepLine(step as Step)}`)].join('\n');

/** How the scripted replies behave. */
export interface QuietFlagOptions {
  /** Holds the re-plan's reply until this settles, so a test sees the failed step and the re-planning row first. */
  readonly replanHeld?: Promise<unknown>;
  /** Sends the plan as plan lines, this many characters every `chunkDelayMs`, so a test can watch it arrive. */
  readonly streamPlan?: { readonly chunkChars: number; readonly chunkDelayMs: number };
}

/** What each kind of request gets. */
export function quietFlagReplies(options: QuietFlagOptions = {}): (body: any) => ScriptedReply {
  return (body) => {
    // Planning and re-planning ask for plan lines without a response format; the task message says which.
    const task = String(body?.messages?.[1]?.content ?? '');
    const format = task.startsWith('Task: write a plan') ? 'plan' : task.startsWith('Task: a step of a running plan broke') ? 'replan' : '';
    if (format === 'plan' && options.streamPlan) {
      return { content: QUIET_PLAN_REPLY, usage: { prompt_tokens: 1_800, completion_tokens: 420 }, ...options.streamPlan };
    }
    if (format === 'plan') {
      return { content: QUIET_PLAN_REPLY, usage: { prompt_tokens: 1_800, completion_tokens: 420 } };
    }
    if (format === 'replan') {
      return { content: QUIET_PATCH, usage: { prompt_tokens: 2_100, completion_tokens: 380 }, ...(options.replanHeld ? { heldUntil: options.replanHeld } : {}) };
    }
    return { content: 'Added --quiet: tally prints only the counts when it is given; the tests pass and the README documents it.', usage: { prompt_tokens: 900, completion_tokens: 40 } };
  };
}
