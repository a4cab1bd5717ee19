import * as assert from 'node:assert/strict';
import type { ReplanRequest } from '../../../src/core/run/modelRoles';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { buildPlannerPrompt } from '../../../src/core/planner/plannerPrompt';
import { renderWorkspaceSummary, summarizeWorkspace, SUMMARY_LIMITS, topLevelTree, type WorkspaceSummary } from '../../../src/core/planner/workspaceSummary';
import { buildReplanPrompt, REPLAN_LIMITS } from '../../../src/core/replanner/replanPrompt';
import { TOOLS } from '../../../src/core/tools/toolCatalog';
import { MemoryWorkspace } from '../support/fakePorts';
import { REPLAN_REQUEST } from './replanFixtures';

const SUMMARY: WorkspaceSummary = { tree: ['package.json', 'src/ (1 file: cli.ts)'], fileCount: 2, openFiles: [] };

describe('planner and re-planner prompts', () => {
  it('share the same first message, byte for byte: system prompt, tool catalogue and format rules', () => {
    const planning = buildPlannerPrompt('Add a --verbose flag to the CLI', SUMMARY);
    const replanning = buildReplanPrompt(REPLAN_REQUEST);
    assert.equal(planning[0]!.role, 'system');
    assert.equal(replanning[0]!.role, 'system');
    assert.equal(Buffer.compare(Buffer.from(planning[0]!.content), Buffer.from(replanning[0]!.content)), 0);
    assert.deepEqual(planning[0], plannerSystemMessage());
  });

  it('holds the patch form a re-plan answers in, so the re-plan request does not repeat it', () => {
    const prefix = plannerSystemMessage().content;
    assert.match(prefix, /\n## Re-plans\n.*patch lines only/);
    for (const op of ['replace <id> <step>', 'add <id> [after <id2>] <step>', 'drop <id>']) assert.ok(prefix.includes(`\n${op} `), op);
  });

  it('keeps everything that changes out of the prefix', () => {
    const prefix = plannerSystemMessage().content;
    assert.ok(!prefix.includes('--verbose'));
    assert.ok(!prefix.includes('src/cli.ts'));
    const [, task] = buildPlannerPrompt('Add a --verbose flag to the CLI', SUMMARY);
    assert.match(task!.content, /Goal: Add a --verbose flag to the CLI/);
    assert.match(task!.content, /- src\/ \(1 file: cli\.ts\)/);
  });

  it('lists every tool as one signature line with its effect class and description, and no JSON Schema', () => {
    const prefix = plannerSystemMessage().content;
    for (const tool of TOOLS) assert.ok(prefix.includes(`\n${tool.name} {`) && prefix.includes(tool.description), tool.name);
    assert.match(prefix, /\nreadFile \{path\} — readOnly — Read a text file/);
    assert.match(prefix, /\neditFile \{path, edits:\[\{find, replace, replaceAll\?\}\], allowReadOnly\?\} — nonIdempotent — /);
    assert.match(prefix, /\nrunCommand \{command, cwd\?, timeoutMs\?\} — nonIdempotent \(idempotent with the idempotent flag\) — /);
    assert.match(prefix, /exists P \| absent P \| json P \| contains P "text" \| matches P \/regex\//);
    assert.match(prefix, /#E<n>/);
    assert.ok(!prefix.includes('"type"'), 'no JSON Schema');
    assert.ok(!prefix.includes('9007199254740991'));
  });

  it('hands the re-planner one line per frozen and waiting step, the broken step with its evidence, and the invalidated steps as step lines', () => {
    const text = buildReplanPrompt(REPLAN_REQUEST)[1]!.content;
    assert.match(text, /^Task: a step of a running plan broke\. .*\(see Re-plans\)\.\n\nGoal: /);
    assert.doesNotMatch(text, /replace <id> <step>/, 'the patch form is in the shared prefix, not in the uncached request');
    assert.match(text, /\nFrozen: E1 readFile src\/cli\.ts\n/);
    assert.match(text, /\nNot started: E4 readFile README\.md \(approved\)\n/);
    assert.match(text, /Broken:\nE2 editFile \{"path":"src\/cli\.ts","edits":\[.*\]\} after E1 check run "npm test" # Add the flag\n/, 'a model is shown the terse form it writes, with its title');
    assert.match(text, /failed after 1 attempt\(s\): postcondition failed: `npm test` exited with 1/);
    assert.match(text, /output tail:\nFAIL test\/cli\.test\.js/);
    assert.match(text, /Invalidated \(they depend on E2;.*\):\nE3 runCommand \{"command":"npm test"\} after E2 # Run the tests$/);
  });

  it('shows the evidence instead of the output tail when there is some', () => {
    const request: ReplanRequest = { ...REPLAN_REQUEST, broken: { ...REPLAN_REQUEST.broken, evidence: ['no file at src/cli.ts; nearest existing path: src/cli.js'] } };
    const text = buildReplanPrompt(request)[1]!.content;
    assert.match(text, /nearest existing path: src\/cli\.js/);
    assert.doesNotMatch(text, /output tail/);
  });

  it('tells the re-planner that an unknown effect may or may not have happened', () => {
    const text = buildReplanPrompt({ ...REPLAN_REQUEST, broken: { ...REPLAN_REQUEST.broken, status: 'unknown' } })[1]!.content;
    assert.match(text, /unknown after 1 attempt/);
    assert.match(text, /could not be observed/);
  });

  it('keeps the re-plan request small: a long output tail is cut', () => {
    const huge = 'x'.repeat(50_000);
    const request: ReplanRequest = { ...REPLAN_REQUEST, broken: { ...REPLAN_REQUEST.broken, failure: { ...REPLAN_REQUEST.broken.failure!, outputTail: huge } } };
    const text = buildReplanPrompt(request)[1]!.content;
    assert.ok(text.length < REPLAN_LIMITS.outputTailChars + 3_000, `${text.length} characters`);
  });
});

describe('summarizeWorkspace', () => {
  it('summarises the top of the tree, the package manifest and the open files', async () => {
    const workspace = new MemoryWorkspace({
      'package.json': JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { test: 'mocha' }, description: 'left out', dependencies: { zod: '4' } }),
      'src/cli.ts': 'const flags = [];\n',
      'src/lib/util.ts': '',
      'README.md': '# demo',
    });
    const summary = await summarizeWorkspace(workspace, { openFiles: ['src/cli.ts', 'missing.ts'], selection: { path: 'src/cli.ts', text: 'flags' } });
    assert.deepEqual(summary.tree, ['README.md', 'package.json', 'src/ (2 files: cli.ts, lib/)']);
    assert.deepEqual(summary.manifest, { path: 'package.json', excerpt: '{"name":"demo","version":"1.0.0","scripts":{"test":"mocha"},"dependencies":{"zod":"4"}}' });
    assert.deepEqual(summary.openFiles, [{ path: 'src/cli.ts', excerpt: 'const flags = [];\n' }, { path: 'missing.ts' }]);
    const text = renderWorkspaceSummary(summary);
    assert.match(text, /^Files \(4 files, top level\):/);
    assert.match(text, /Open file missing\.ts \(unreadable\)/);
    assert.match(text, /Selected in src\/cli\.ts:\n<<<\nflags\n>>>/);
  });

  it('stays bounded for a large workspace', async () => {
    const files: Record<string, string> = {};
    for (let folder = 0; folder < 60; folder++) for (let file = 0; file < 20; file++) files[`dir${folder}/sub${file}/f.ts`] = '';
    files['big.ts'] = 'y'.repeat(100_000);
    const workspace = new MemoryWorkspace(files);
    const summary = await summarizeWorkspace(workspace, { openFiles: ['big.ts', 'big.ts', 'big.ts', 'big.ts', 'big.ts', 'big.ts', 'big.ts'] });
    assert.equal(summary.tree.length, SUMMARY_LIMITS.topLevelEntries + 1);
    assert.equal(summary.tree.at(-1), `… ${61 - SUMMARY_LIMITS.topLevelEntries} more`);
    assert.equal(summary.openFiles.length, SUMMARY_LIMITS.openFiles);
    assert.ok(renderWorkspaceSummary(summary).length < 16_000);
  });

  it('counts every file of every folder, however many files the workspace holds', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 2_500; index++) files[`alpha/f${index}.ts`] = '';
    for (let index = 0; index < 1_500; index++) files[`zeta/deep/f${index}.ts`] = '';
    files['README.md'] = '';
    const summary = await summarizeWorkspace(new MemoryWorkspace(files));
    assert.equal(summary.fileCount, 4_001);
    assert.deepEqual(summary.tree.map((entry) => entry.replace(/:.*/, '')), ['README.md', 'alpha/ (2500 files', 'zeta/ (1500 files']);
    assert.match(renderWorkspaceSummary(summary), /^Files \(4001 files, top level\):/);
  });

  it('shows the first children in sorted order whatever order the listing comes in', () => {
    const tree = topLevelTree(['src/b.ts', 'src/lib/x.ts', 'src/a.ts']);
    assert.deepEqual(tree, ['src/ (3 files: a.ts, b.ts, lib/)']);
  });

  it('lists at most a few children per folder', () => {
    const tree = topLevelTree(Array.from({ length: 12 }, (_, index) => `src/file${String(index).padStart(2, '0')}.ts`));
    assert.deepEqual(tree, ['src/ (12 files: file00.ts, file01.ts, file02.ts, file03.ts, file04.ts, file05.ts, file06.ts, file07.ts, …)']);
  });
});
