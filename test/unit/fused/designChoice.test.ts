// The rule `auto` picks its design by: expected steps, dependency depth and risk read from the goal and the
// workspace summary, a fused loop only for goals that ask to find something out, a plan for every change.
import * as assert from 'node:assert/strict';
import { chooseDesign, expectedSteps, goalRisk, isInquiry, namedFiles } from '../../../src/core/fused/designChoice';

const SMALL = { fileCount: 12 };

describe('chooseDesign', () => {
  it('plans a goal that asks for one change, saying it costs less than acting and answering', () => {
    const choice = chooseDesign('Add a "## Usage" section to README.md', SMALL);
    assert.equal(choice.design, 'split');
    assert.equal(choice.expectedSteps, 1);
    assert.equal(choice.depth, 'plan');
    assert.match(choice.reason, /^split: one change/);
  });

  it('plans a goal with several steps and says how many it expects', () => {
    const choice = chooseDesign('Create src/math.js with add and sub, a test file test/math.test.js, and export them from src/index.js', SMALL);
    assert.equal(choice.design, 'split');
    assert.equal(choice.expectedSteps, 3);
    assert.match(choice.reason, /about 3 steps/);
  });

  it('plans a risky goal and names the risk', () => {
    const choice = chooseDesign('Delete src/legacy.js; nothing uses it', SMALL);
    assert.deepEqual([choice.design, choice.risk], ['split', 'it deletes something']);
    assert.match(choice.reason, /it deletes something, which a plan shows before it runs/);
  });

  it('gives a question to the fused loop, even one that names something risky', () => {
    const choice = chooseDesign('Why was the migrate script deleted?', SMALL);
    assert.deepEqual([choice.design, choice.depth, choice.risk], ['fused', 'chain', undefined]);
    assert.match(choice.reason, /^fused: the goal asks to find something out/);
  });

  it('gives an investigation that orders no change to the fused loop, and plans one that does', () => {
    assert.equal(chooseDesign('Find out where the config is read', SMALL).design, 'fused');
    assert.equal(chooseDesign('Investigate the flaky test and fix it', SMALL).design, 'split');
    assert.equal(chooseDesign('The test "sums" fails. Find the bug in sum (src/sum.js) and fix it', SMALL).design, 'split');
  });
});

describe('expectedSteps', () => {
  it('counts the files named, the changes listed, and a quantifier over the workspace', () => {
    assert.equal(expectedSteps('Bump the version in package.json', SMALL), 1);
    assert.equal(expectedSteps('Bump the version in package.json and add a section to CHANGELOG.md', SMALL), 2);
    assert.equal(expectedSteps('Rename foo to bar everywhere it is used', SMALL), 3);
    assert.equal(expectedSteps('Rename foo to bar everywhere it is used', { fileCount: 2 }), 2);
  });
});

describe('namedFiles', () => {
  it('finds path-like words once each, not version numbers or sentence ends', () => {
    assert.deepEqual(namedFiles('Edit src/cli.js (and src/cli.js again), then README.md. Version 1.2.3 stays.'), ['src/cli.js', 'readme.md']);
  });
});

describe('isInquiry', () => {
  it('tells questions and inquiries from orders', () => {
    assert.equal(isInquiry('How do I add a flag?'), true);
    assert.equal(isInquiry('Explain what src/cli.js does'), true);
    assert.equal(isInquiry('List the scripts in package.json and run the slowest'), false);
    assert.equal(isInquiry('Add a --quiet flag'), false);
  });
});

describe('goalRisk', () => {
  it('names deletions, migrations, releases and commands; nothing for a plain edit', () => {
    assert.equal(goalRisk('Remove the dead code'), 'it deletes something');
    assert.equal(goalRisk('Migrate every caller'), 'it migrates data or callers');
    assert.equal(goalRisk('Release a minor version'), 'it releases or publishes');
    assert.equal(goalRisk('Add a script and run it once'), 'it runs a command');
    assert.equal(goalRisk('Add a line to the README'), undefined);
  });
});
