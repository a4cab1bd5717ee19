// The trace as evidence, on a real disk: the `intent` of a tool call is in the trace file before the
// tool's side effect happens, and every step's events come in the order intent → result → check.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { TraceEvent } from '../../../src/core/run/traceEvents';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { nodeClock } from '../../../src/node/nodeClock';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const parseLines = (text: string): TraceEvent[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraceEvent);

/** A workspace that, at the moment of each write, copies what the trace file holds. */
class TraceWatchingWorkspace extends NodeWorkspace {
  readonly seenAtWrite = new Map<string, TraceEvent[]>();
  constructor(
    root: string,
    private readonly traceFile: string,
  ) {
    super(root);
  }
  override async writeFile(file: string, content: string): Promise<void> {
    this.seenAtWrite.set(file, parseLines(readFileSync(this.traceFile, 'utf8')));
    await super.writeFile(file, content);
  }
  override async writeFileIfUnchanged(file: string, seen: string | null, content: string): Promise<void> {
    this.seenAtWrite.set(file, parseLines(readFileSync(this.traceFile, 'utf8')));
    await super.writeFileIfUnchanged(file, seen, content);
  }
}

describe('PlanRun trace', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('has the intent of each tool call in the trace file before the tool has any effect', async () => {
    const traceFile = path.join(dir, '.planwright', 'run.trace.jsonl');
    const workspace = new TraceWatchingWorkspace(dir, traceFile);
    const plan = validPlan([
      { id: 'E1', title: 'write', tool: 'writeFile', args: { path: 'a.txt', content: 'a' }, postcondition: { kind: 'fileExists', path: 'a.txt' } },
      {
        id: 'E2',
        title: 'copy the trace as it is now',
        tool: 'runCommand',
        args: { command: 'cp .planwright/run.trace.jsonl seen.jsonl' },
        dependsOn: ['E1'],
        postcondition: { kind: 'fileExists', path: 'seen.jsonl' },
      },
    ]);
    const deps = fakeRunDeps({ workspace, commands: new NodeCommandRunner(dir), clock: nodeClock, trace: new JsonlRecordLog(traceFile) });
    const report = await (await PlanRun.start(plan, { runId: 'trace', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(report.status, 'succeeded');

    const atWrite = workspace.seenAtWrite.get('a.txt')!;
    assert.deepEqual(atWrite.at(-1), { ...atWrite.at(-1), type: 'intent', stepId: 'E1', tool: 'writeFile', args: { path: 'a.txt', content: 'a' }, attempt: 1 });
    assert.ok(!atWrite.some((event) => event.type === 'result' && event.stepId === 'E1'));

    const atCommand = parseLines(await readFile(path.join(dir, 'seen.jsonl'), 'utf8'));
    assert.deepEqual(atCommand.at(-1), { ...atCommand.at(-1), type: 'intent', stepId: 'E2', tool: 'runCommand', attempt: 1 });
    assert.ok(!atCommand.some((event) => event.type === 'result' && event.stepId === 'E2'));
  });

  it('orders each step as intent, result, postcondition check, outcome decision', async () => {
    const traceFile = path.join(dir, 'run.trace.jsonl');
    const plan = validPlan([
      { id: 'E1', title: 'write', tool: 'writeFile', args: { path: 'a.txt', content: 'a' }, postcondition: { kind: 'fileContains', path: 'a.txt', text: 'b' } },
    ]);
    const deps = fakeRunDeps({ workspace: new NodeWorkspace(dir), clock: nodeClock, trace: new JsonlRecordLog(traceFile) });
    await (await PlanRun.start(plan, { runId: 'trace', options: runOptions() }, deps)).execute(liveSignal());
    const events = parseLines(await readFile(traceFile, 'utf8')).filter((event) => 'stepId' in event && event.stepId === 'E1');
    assert.deepEqual(
      events.map((event) => (event.type === 'decision' ? `decision:${event.decision}` : event.type)),
      ['decision:approve', 'intent', 'result', 'check', 'decision:fail'],
    );
    assert.ok(events.every((event) => event.runId === 'trace' && typeof event.at === 'number'));
  });
});
