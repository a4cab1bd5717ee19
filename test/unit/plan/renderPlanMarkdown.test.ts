// Unit tests of the Markdown rendering of a plan and of checks in readable words.
import * as assert from 'node:assert/strict';
import type { Check } from '../../../src/core/checks/checkSchema';
import { describeCheck } from '../../../src/core/plan/describeCheck';
import { renderPlanMarkdown, summarizeToolArgs } from '../../../src/core/plan/renderPlanMarkdown';
import { englishText } from '../../../src/core/text/englishText';
import { examplePlan } from './planFixtures';

describe('renderPlanMarkdown', () => {
  it('renders the goal and one numbered item per step with tool, arguments, the steps it waits for by number and title, and its check in the tree\'s words', () => {
    assert.equal(
      renderPlanMarkdown(englishText, examplePlan()),
      [
        '# Add a --verbose flag to the CLI',
        '',
        '3 steps',
        '',
        '1. **Read the CLI entry point** · E1',
        '   - Tool: `readFile` — path `src/cli.ts`',
        '2. **Add the flag** · E2',
        '   - Tool: `editFile` — path `src/cli.ts`, 1 edit',
        '   - After: 1 Read the CLI entry point',
        '   - Checks that src/cli.ts contains "--verbose"',
        '3. **Run the tests** · E3',
        '   - Tool: `runCommand` — command `npm test`',
        '   - After: 2 Add the flag',
        '   - Checks that exit code is 0',
        '',
      ].join('\n'),
    );
  });

  it('shows implicit dependencies, the other checks, compensation, flags and the revision', () => {
    const plan = examplePlan();
    plan.revision = 2;
    plan.steps[1].dependsOn = undefined;
    plan.steps[1].args = { path: 'src/cli.ts', edits: [{ find: '#E1', replace: 'x' }] };
    plan.steps[1].precondition = { kind: 'fileExists', path: 'src/cli.ts' };
    plan.steps[1].compensation = { tool: 'writeFile', args: { path: 'src/cli.ts', content: '#E1' } };
    plan.steps[2].idempotent = true;
    plan.steps[2].statusCheck = { kind: 'outputContains', text: 'passing' };
    const markdown = renderPlanMarkdown(englishText, plan);
    assert.match(markdown, /^3 steps · revision 2$/m);
    assert.match(markdown, /2\. \*\*Add the flag\*\* · E2\n {3}- Tool: `editFile` — path `src\/cli\.ts`, 1 edit\n {3}- After: 1 Read the CLI entry point\n {3}- Only if: src\/cli\.ts exists\n/);
    assert.match(markdown, / {3}- Undo: `writeFile` — path `src\/cli\.ts`, content `#E1`/);
    assert.match(markdown, / {3}- Tool: `runCommand` — command `npm test` \(idempotent\)/);
    assert.match(markdown, / {3}- Settled by: output contains "passing"/);
  });

  it('numbers the steps in execution order, as the tree does, whatever their order in the file', () => {
    const plan = examplePlan();
    plan.steps = [plan.steps[2]!, plan.steps[0]!, plan.steps[1]!];
    plan.steps[1]!.title = 'Read *the* CLI';
    const markdown = renderPlanMarkdown(englishText, plan);
    assert.deepEqual(markdown.match(/^\d\. .*$/gm), ['1. **Read \\*the\\* CLI** · E1', '2. **Add the flag** · E2', '3. **Run the tests** · E3']);
    assert.match(markdown, /^ {3}- After: 1 Read \\\*the\\\* CLI$/m);
  });

  it('lists the plan\'s acceptance checks under "Done when", and none when it has none', () => {
    const plan = examplePlan();
    assert.doesNotMatch(renderPlanMarkdown(englishText, plan), /Done when/);
    plan.acceptance = [{ kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' }, { kind: 'exitCode', equals: 0 }];
    assert.match(renderPlanMarkdown(englishText, plan), /\n\n## Done when\n\n- src\/cli\.ts contains "--verbose"\n- exit code is 0\n$/);
  });

  it('names an id that reads as another number as what references call it', () => {
    const plan = examplePlan();
    plan.steps[2]!.id = 'E7';
    assert.match(renderPlanMarkdown(englishText, plan), /^3\. \*\*Run the tests\*\* · referred to as `#E7`$/m);
  });

  it('escapes Markdown in titles and survives backticks in arguments', () => {
    const plan = examplePlan();
    plan.goal = 'Fix *all* the <bugs> in #1';
    plan.steps[2].args = { command: 'echo `date`' };
    const markdown = renderPlanMarkdown(englishText, plan);
    assert.match(markdown, /^# Fix \\\*all\\\* the \\<bugs\\> in \\#1$/m);
    assert.match(markdown, /command `` echo `date` ``/);
  });

  it('summarises long and multi-line arguments briefly', () => {
    assert.equal(summarizeToolArgs(englishText, { path: 'a.md', content: 'one\ntwo\nthree' }), 'path `a.md`, content: 3 lines');
    assert.equal(summarizeToolArgs(englishText, { instruction: 'x'.repeat(100) }), `instruction \`${'x'.repeat(59)}…\``);
  });
});

describe('describeCheck', () => {
  it('says each kind of check in words', () => {
    assert.equal(describeCheck({ kind: 'fileExists', path: 'a' }), 'a exists');
    assert.equal(describeCheck({ kind: 'fileAbsent', path: 'a' }), 'a does not exist');
    assert.equal(describeCheck({ kind: 'fileMatches', path: 'a', pattern: '^v\\d' }), 'a matches /^v\\d/');
    assert.equal(describeCheck({ kind: 'jsonValid', path: 'p.json' }), 'p.json is valid JSON');
    assert.equal(describeCheck({ kind: 'commandSucceeds', command: 'npm test', cwd: 'pkg' }), '"npm test" succeeds in pkg');
    assert.equal(describeCheck({ kind: 'outputContains', text: 'ok' }), 'output contains "ok"');
  });

  it('parenthesises nested combinators', () => {
    const check: Check = {
      kind: 'all',
      checks: [{ kind: 'exitCode', equals: 0 }, { kind: 'any', checks: [{ kind: 'fileExists', path: 'a' }, { kind: 'not', check: { kind: 'fileExists', path: 'b' } }] }],
    };
    assert.equal(describeCheck(check), 'exit code is 0 and (a exists or not (b exists))');
  });
});
