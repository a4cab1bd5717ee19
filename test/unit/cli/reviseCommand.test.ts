// `planwright revise PLAN --comment … --step ID` against the scripted model: the plan diff of a patch scoped to
// the step, with a widening flagged; the plan file written only with --out; bad input named.
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { reviseCommand } from '../../../src/cli/reviseCommand';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { invoke } from '../support/invokeCli';
import { FLAG_PLAN, YARGS_PATCH } from '../support/revisionFixture';
import { makeTempDir, removeTempDir } from '../support/tempDir';


describe('planwright revise', function () {
  this.timeout(budgetMs(30_000));
  let dir: string;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    dir = await makeTempDir();
    await writeFile(path.join(dir, 'flag.plan.json'), JSON.stringify(FLAG_PLAN));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(dir);
  });

  const env = () => ({ PLANWRIGHT_BASE_URL: server!.baseUrl, PLANWRIGHT_MODEL: 'scripted' });

  it('prints the plan diff of a patch scoped to the step and writes nothing without --out', async () => {
    server = await ScriptedModelServer.start([{ content: YARGS_PATCH }]);
    const ran = await invoke(reviseCommand, ['flag.plan.json', '--comment', 'use yargs for the flag', '--step', 'E1'], dir, env());
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /\*\*Added\*\*\n- 2 writeFile src\/flags\.ts \(E3\)/);
    assert.match(ran.stdout, /\*\*Changed\*\*\n- 1 .*\(E1[^\n]*\): [^\n]*args/);
    assert.match(ran.stdout, /\*\*Widens the approved scope\*\*: it changes src\/flags\.ts \(2 writeFile src\/flags\.ts\)/);
    assert.match(ran.stderr, /nothing written/);
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, 'flag.plan.json'), 'utf8')), FLAG_PLAN);
    assert.match(String(server.requests[0]?.body.messages.at(-1)?.content ?? ''), /Comment on E1: use yargs for the flag/);
  });

  it('writes the revised plan to --out', async () => {
    server = await ScriptedModelServer.start([{ content: 'drop E2\n' }]);
    const ran = await invoke(reviseCommand, ['flag.plan.json', '--comment', "don't touch README", '--out', 'flag.plan.json', '--json'], dir, env());
    assert.equal(ran.code, 0, ran.stderr);
    const report = JSON.parse(ran.stdout) as { widensScope: boolean; review: string };
    assert.equal(report.widensScope, false);
    assert.match(report.review, /\*\*Dropped\*\*\n- 2 Note it in README \(E2: appendFile README\.md\)/);
    const written = JSON.parse(await readFile(path.join(dir, 'flag.plan.json'), 'utf8')) as { steps: { id: string }[] };
    assert.deepEqual(written.steps.map((step) => step.id), ['E1']);
  });

  it('refuses a patch outside the step twice with exit 1', async () => {
    server = await ScriptedModelServer.start([{ content: 'drop E2\n' }, { content: 'drop E2\n' }]);
    const ran = await invoke(reviseCommand, ['flag.plan.json', '--comment', 'shorter', '--step', 'E1'], dir, env());
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /the comment is about E1, so drop E2 is refused/);
  });

  it('names a step the plan does not have', async () => {
    const ran = await invoke(reviseCommand, ['flag.plan.json', '--comment', 'x', '--step', 'E9'], dir, {});
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /--step E9: flag\.plan\.json has no such step \(its steps: E1, E2\)/);
  });
});
