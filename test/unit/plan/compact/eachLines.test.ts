// One instruction for many files: a line with `each path [...]` is one step per path, numbered on, with
// `$path` filled in everywhere; the reader, the JSON fallback and patch lines agree on it, its mistakes are
// problems at its line, and the writer folds a run of steps alike but for the path into one such line only
// when reading it back gives the same steps.
import * as assert from 'node:assert/strict';
import { readCompactJson } from '../../../../src/core/plan/compact/compactJson';
import { readCompactPlan } from '../../../../src/core/plan/compact/compactPlanReader';
import { encodeEachLines, encodeEachPlan } from '../../../../src/core/plan/compact/eachLines';
import { parseCompactLine } from '../../../../src/core/plan/compact/parseCompactLine';
import { parsePatch } from '../../../../src/core/plan/parsePatch';
import { applyPatch } from '../../../../src/core/plan/planPatch';
import type { Step } from '../../../../src/core/plan/planSchema';
import { encodeAddedStepLines, parseStepLine } from '../../../../src/core/replanner/stepLine';
import { validPlan } from '../../support/executorFakes';

const SWAP = 'proposeEdit {"instruction":"Use log.info in $path"} each path ["src/a.js","src/b.js","src/c.js"] check all(not contains $path "console.log("; contains $path "log.info(")';

function swapStep(id: string, path: string): Step {
  return {
    id,
    title: `proposeEdit ${path}`,
    tool: 'proposeEdit',
    args: { path, instruction: `Use log.info in ${path}` },
    postcondition: { kind: 'all', checks: [{ kind: 'not', check: { kind: 'fileContains', path, text: 'console.log(' } }, { kind: 'fileContains', path, text: 'log.info(' }] },
  };
}

describe('each: one line, one step per file', () => {
  it('stands for one step per path, numbered on from the line, with $path filled in the arguments and checks', () => {
    const read = parseCompactLine(`E2 ${SWAP}`, { id: 'E2' });
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.steps, [swapStep('E2', 'src/a.js'), swapStep('E3', 'src/b.js'), swapStep('E4', 'src/c.js')]);
  });

  it('gives each step the hazards and the written order it would have on its own line', () => {
    const reader = readCompactPlan(['readFile {"path":"src/b.js"}', SWAP, 'runCommand {"command":"npm test"} idempotent', 'E6 deleteFile {} each path ["x.js","y.js"] after E1'].join('\n'));
    assert.deepEqual(reader.problems, []);
    assert.deepEqual(reader.items.map((item) => [item.step?.id, item.line, item.index]), [['E1', 1, 0], ['E2', 2, 1], ['E3', 2, 2], ['E4', 2, 3], ['E5', 3, 4], ['E6', 4, 5], ['E7', 4, 6]]);
    assert.deepEqual(reader.steps.map((step) => step.dependsOn ?? []), [[], [], ['E1'], [], ['E2', 'E3', 'E4'], ['E1', 'E5'], ['E1', 'E5']]);
    assert.deepEqual(reader.steps.slice(5).map((step) => step.postcondition), [{ kind: 'fileAbsent', path: 'x.js' }, { kind: 'fileAbsent', path: 'y.js' }]);
  });

  it('is a problem at its line when the values are empty, repeated or not strings, the arguments name the key, or the label is off', () => {
    const problem = (line: string): string => {
      const reader = readCompactPlan(`readFile {"path":"a"}\n${line}`);
      assert.deepEqual(reader.steps.map((step) => step.id), ['E1']);
      return reader.problems.map((each) => each.message).join(' | ');
    };
    assert.match(problem('deleteFile {} each path []'), /^line 2: "each path" lists no values/);
    assert.match(problem('deleteFile {} each path ["a.js","a.js"]'), /^line 2: "each path" lists "a.js" twice/);
    assert.match(problem('deleteFile {} each path ["a.js", 3]'), /^line 2: column \d+: the values of "each path" must be strings; value 2 is not/);
    assert.match(problem('deleteFile {"path":"b.js"} each path ["a.js"]'), /the arguments name "path", which "each path" sets for every step/);
    assert.match(problem('deleteFile {} each path "a.js"'), /expected the values of "each path" as one JSON array/);
    assert.match(problem('deleteFile {} each path ["a.js"] each path ["b.js"]'), /"each" is written twice/);
    assert.match(problem('E3 deleteFile {} each path ["a.js"]'), /labelled E3, but its position makes it E2/);
  });

  it('reads the same in the JSON fallback, where an item with each takes one number per step', () => {
    const lines = readCompactPlan(`readFile {"path":"src/b.js"}\n${SWAP}\nrunCommand {"command":"npm test"} idempotent`);
    const json = readCompactJson({
      steps: [
        { tool: 'readFile', args: { path: 'src/b.js' } },
        { tool: 'proposeEdit', args: { instruction: 'Use log.info in $path' }, each: { path: ['src/a.js', 'src/b.js', 'src/c.js'] }, check: 'all(not contains $path "console.log("; contains $path "log.info(")' },
        { tool: 'runCommand', args: { command: 'npm test' }, idempotent: true },
      ],
    });
    assert.deepEqual(json.problems, []);
    assert.deepEqual(json.steps, lines.steps);
    const two = readCompactJson({ steps: [{ tool: 'deleteFile', args: {}, each: { path: ['a'], other: ['b'] } }] });
    assert.match(two.problems.map((problem) => `${problem.path}: ${problem.message}`).join(), /^E1\.each: names exactly one argument/);
  });

  it('adds every step of an add line, numbered on from its id and all after the step it names; a replace must stay one step', () => {
    const patch = parsePatch(`drop E1\nadd E5 after E4 ${SWAP}`, parseStepLine);
    assert.ok(patch.ok);
    assert.deepEqual(patch.patch.map((op) => (op.op === 'add' ? [op.op, op.step.id, op.after] : [op.op])), [['drop'], ['add', 'E5', 'E4'], ['add', 'E6', 'E4'], ['add', 'E7', 'E4']]);
    const replace = parsePatch(`replace E2 ${SWAP}`, parseStepLine);
    assert.ok(!replace.ok);
    assert.match(replace.problems.join(), /^line 1 \(E2\): replace puts one step in place of E2, but the line stands for 3/);
  });
});

describe('each lines written for a model', () => {
  it('folds a run alike but for the path into one line that reads back to the same steps', () => {
    const steps = [{ id: 'E1', title: 'readFile src/b.js', tool: 'readFile', args: { path: 'src/b.js' } }, swapStep('E2', 'src/a.js'), swapStep('E3', 'src/b.js'), swapStep('E4', 'src/c.js')];
    const text = encodeEachPlan(steps);
    assert.equal(text.split('\n').length - 1, 2, text);
    assert.match(text, /^E2 proposeEdit \{"instruction":"Use log.info in \$path"\} each path \["src\/a.js","src\/b.js","src\/c.js"\] /m);
    assert.deepEqual(readCompactPlan(text).steps.map((step) => [step.id, step.args, step.dependsOn ?? []]), steps.map((step) => [step.id, step.args, step.id === 'E3' ? ['E1'] : []]));
  });

  it('keeps steps on their own lines when they differ in more than the path, or hold a literal $path', () => {
    const different = [swapStep('E1', 'src/a.js'), { ...swapStep('E2', 'src/b.js'), idempotent: true }];
    assert.equal(encodeEachLines(different, []).length, 2);
    const literal = [0, 1].map((index): Step => ({ id: `E${index + 1}`, title: 't', tool: 'deleteFile', args: { path: `f${index}` }, postcondition: { kind: 'commandSucceeds', command: 'echo $path' } }));
    assert.equal(encodeEachLines(literal, []).length, 2);
  });

  it('writes add lines that an add of the first id adds whole, leaving out the order hazards imply', () => {
    const steps = [swapStep('E5', 'src/a.js'), swapStep('E6', 'src/b.js'), { id: 'E7', title: 'runCommand npm test', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E5', 'E6'], postcondition: { kind: 'exitCode' as const, equals: 0 }, idempotent: true }];
    const lines = encodeAddedStepLines(steps);
    assert.deepEqual(lines.map((line) => line.steps.map((step) => step.id)), [['E5', 'E6'], ['E7']]);
    assert.doesNotMatch(lines[1]!.line, /after/, 'the test run waits for the edits through their hazards');
    const patch = parsePatch(lines.map(({ steps: own, line }) => `add ${own[0]!.id} ${line}`).join('\n'), parseStepLine);
    assert.ok(patch.ok);
    const before = validPlan([{ id: 'E4', title: 'readFile src/a.js', tool: 'readFile', args: { path: 'src/a.js' } }]);
    const applied = applyPatch(before, new Map([['E4', 'succeeded']]), patch.patch);
    assert.ok(applied.ok, applied.ok ? '' : applied.problems.map((problem) => problem.message).join());
    assert.deepEqual(applied.plan.steps.slice(1).map((step) => [step.id, step.args, step.dependsOn ?? []]), steps.map((step) => [step.id, step.args, step.dependsOn ?? []]));
  });
});
