// Plans built to break the validator rather than to run: checks and argument values nested tens of
// thousands of levels deep, megabyte-long names, and keys that name an object's prototype. Each must end
// in problems that name the step and the field, quoted short, with nothing thrown and no prototype reached.
import * as assert from 'node:assert/strict';
import { parsePlanText } from '../../../src/core/plan/parsePlan';
import { PLAN_LIMITS, TOO_DEEP } from '../../../src/core/planLimits';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { examplePlan, exampleWith, problemsOf } from './planFixtures';

const MB = 1024 * 1024;

/** `check` wrapped in `levels` `not`s. */
function nots(levels: number, check: unknown = { kind: 'fileExists', path: 'a.txt' }): unknown {
  let nested = check;
  for (let level = 0; level < levels; level++) nested = { kind: 'not', check: nested };
  return nested;
}

/** A value `levels` objects deep, built without recursion. */
function deepObject(levels: number): unknown {
  let nested: unknown = 'x';
  for (let level = 0; level < levels; level++) nested = { a: nested };
  return nested;
}

/** The text of an object `levels` deep, built as text (JSON.stringify itself recurses). */
const deepText = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** The longest message among the problems, to show nothing was echoed in full. */
const longest = (problems: readonly string[]): number => Math.max(...problems.map((problem) => problem.length));

describe('validatePlan on pathological plans', () => {
  describe('deep nesting', () => {
    it('refuses a not-check 20,000 levels deep with one problem naming the step and field', () => {
      const problems = problemsOf(exampleWith((plan) => (plan.steps[1].postcondition = nots(20_000))));
      assert.deepEqual(problems, [`E2.postcondition: ${TOO_DEEP}`]);
    });

    it('refuses an all-check 20,000 levels deep', () => {
      let check: unknown = { kind: 'fileExists', path: 'a.txt' };
      for (let level = 0; level < 20_000; level++) check = { kind: 'all', checks: [check] };
      assert.deepEqual(problemsOf(exampleWith((plan) => (plan.steps[0].precondition = check))), [`E1.precondition: ${TOO_DEEP}`]);
    });

    it('refuses values 100,000 levels deep in args and compensation args, objects and arrays alike', () => {
      let array: unknown = 'x';
      for (let level = 0; level < 100_000; level++) array = [array];
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.steps[0].args.extra = deepObject(100_000);
          plan.steps[1].compensation = { tool: 'writeFile', args: { path: 'src/cli.ts', content: array } };
        }),
      );
      assert.deepEqual(problems, [`E1.args: ${TOO_DEEP}`, `E2.compensation: ${TOO_DEEP}`]);
    });

    it('allows exactly the documented depth: 64 levels pass, 65 do not', () => {
      // A chain of n `not`s around a leaf check is n + 1 objects deep.
      assert.deepEqual(problemsOf(exampleWith((plan) => (plan.steps[1].postcondition = nots(PLAN_LIMITS.depth - 1)))), []);
      assert.deepEqual(problemsOf(exampleWith((plan) => (plan.steps[1].postcondition = nots(PLAN_LIMITS.depth)))), [`E2.postcondition: ${TOO_DEEP}`]);
    });

    it('still checks the other steps, and a reference to the refused step is not dangling', () => {
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.steps[0].args.extra = deepObject(1000);
          plan.steps[2].tool = 'wrteFile';
          plan.steps[1].args.edits[0].replace = '#E1';
        }),
      );
      assert.equal(problems[0], `E1.args: ${TOO_DEEP}`);
      assert.ok(problems.some((problem) => problem.startsWith('E3.tool: unknown tool "wrteFile"')), problems.join('\n'));
      assert.ok(!problems.some((problem) => problem.includes('names no step')), problems.join('\n'));
    });

    it('locates a deep step without a usable id by its index, and a deep top-level field by its name', () => {
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.steps[0].id = 7;
          plan.steps[0].args.extra = deepObject(1000);
          plan.notes = deepObject(1000);
        }),
      );
      assert.ok(problems.includes(`steps[0].args: ${TOO_DEEP}`), problems.join('\n'));
      assert.ok(problems.some((problem) => problem.startsWith('notes')), problems.join('\n'));
    });

    it('refuses plan text nested 100,000 deep before parsing it, naming the step by index, the field and the line', () => {
      const text = `{"version":1,"goal":"g","steps":[\n{"id":"E1","title":"t","tool":"readFile","args":{"path":"a","x":${deepText(100_000)}}}]}`;
      const result = parsePlanText(text, 'deep.plan.json');
      assert.ok(!result.ok);
      assert.deepEqual(result.problems.map(formatProblem), [`steps[0].args: ${TOO_DEEP} (line 2)`]);
    });

    it('refuses plan text with a not-check 20,000 deep', () => {
      const check = `${'{"kind":"not","check":'.repeat(20_000)}{"kind":"fileExists","path":"a"}${'}'.repeat(20_000)}`;
      const result = parsePlanText(`{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a"},"postcondition":${check}}]}`);
      assert.ok(!result.ok);
      assert.equal(formatProblem(result.problems[0]!), `steps[0].postcondition: ${TOO_DEEP} (line 1)`);
    });
  });

  describe('huge strings', () => {
    const huge = 'x'.repeat(10 * MB);

    it('refuses a 10 MB tool name by its length, quoting nothing of it', () => {
      const problems = problemsOf(exampleWith((plan) => (plan.steps[0].tool = huge)));
      assert.deepEqual(problems, [`E1.tool: must be at most ${PLAN_LIMITS.toolName} characters`]);
    });

    it('refuses a 10 MB compensation tool and a 10 MB title by their length', () => {
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.steps[0].title = huge;
          plan.steps[1].compensation = { tool: huge, args: {} };
        }),
      );
      assert.deepEqual(problems, [`E1.title: must be at most ${PLAN_LIMITS.title} characters`, `E2.compensation.tool: must be at most ${PLAN_LIMITS.toolName} characters`]);
    });

    it('reports a 10 MB field name as an unknown field, with the name shortened in the path', () => {
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.steps[0][huge] = 1;
          plan.steps[1].args[`y${huge}`] = 1;
          plan[`z${huge}`] = 1;
        }),
      );
      assert.equal(problems.length, 3, problems.join('\n'));
      assert.ok(longest(problems) < 300, `a message of ${longest(problems)} characters`);
      assert.match(problems.find((problem) => problem.startsWith('E1'))!, /^E1\["x+…"\]: unknown field \(a name of 10485760 characters; field names have at most 64\)$/);
      assert.ok(problems.some((problem) => problem.startsWith('E2.args["yxxx')));
    });

    it('quotes a 10 MB value shortly wherever a message repeats what was written', () => {
      const problems = problemsOf(
        exampleWith((plan) => {
          plan.version = huge;
          plan.steps[1].postcondition = { kind: huge, path: 'a' };
          plan.steps[2].precondition = { kind: 'fileMatches', path: 'a', pattern: `(${huge}` };
          plan.steps[0].precondition = { kind: 'fileMatches', path: 'a', pattern: '(x' };
          plan.steps[1].args.edits[0].replace = `#E${'9'.repeat(MB)}`;
        }),
      );
      assert.equal(problems.length, 5, problems.join('\n'));
      assert.ok(longest(problems) < 300, `a message of ${longest(problems)} characters`);
      assert.ok(problems.includes(`E3.precondition.pattern: must be at most ${PLAN_LIMITS.pattern} characters`), problems.join('\n'));
      assert.ok(problems.includes('E1.precondition.pattern: invalid regular expression: Unterminated group'), problems.join('\n'));
    });

    it('reports a reference repeated a million times in one string once', () => {
      const problems = problemsOf(exampleWith((plan) => (plan.steps[1].args.edits[0].replace = '#E2 #E9 '.repeat(MB))));
      assert.deepEqual(problems, ['E2.args.edits[0].replace: "#E2" references the step\'s own output', 'E2.args.edits[0].replace: reference "#E9" names no step of this plan']);
    });

    it('refuses an object of 200,000 fields with one problem, before any schema reads them', () => {
      const args: Record<string, unknown> = { path: 'a' };
      for (let index = 0; index < 200_000; index++) args[`k${index}`] = 1;
      const problems = problemsOf(exampleWith((plan) => (plan.steps[0].args = args)));
      assert.deepEqual(problems, [`E1.args: has 200001 fields, more than the ${PLAN_LIMITS.fields} an object in a plan may have; nothing inside it was checked`]);
    });

    it('refuses plan text with an object of 200,000 fields before JSON.parse builds it, at the object and line', () => {
      const keys = Array.from({ length: 200_000 }, (_, index) => `"k${index}":1`).join(',');
      const text = `{"version":1,"goal":"g","steps":[\n{"id":"E1","title":"t","tool":"readFile","args":{"path":"a",${keys}}}]}`;
      const result = parsePlanText(text, 'wide.plan.json');
      assert.equal(result.ok, false);
      assert.deepEqual(result.ok ? [] : result.problems.map(formatProblem), [
        `steps[0].args: has more than ${PLAN_LIMITS.fields} fields, the most an object in a plan may have; nothing inside it was checked (line 2)`,
      ]);
    });

    it('names the first 20 unknown fields of an object one by one and counts the rest', () => {
      const args: Record<string, unknown> = { path: 'a' };
      for (let index = 0; index < 25; index++) args[`k${index}`] = 1;
      const problems = problemsOf(exampleWith((plan) => (plan.steps[0].args = args)));
      assert.equal(problems.length, 21);
      assert.equal(problems[0], 'E1.args.k0: unknown field');
      assert.equal(problems[19], 'E1.args.k19: unknown field');
      assert.equal(problems[20], 'E1.args: 5 more unknown fields');
    });
  });

  describe('prototype keys', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      it(`reports "${key}" as an unknown field at every level of a plan file`, () => {
        const text = JSON.stringify(examplePlan())
          .replace('{"version"', `{"${key}":{"polluted":1},"version"`)
          .replace('"tool":"readFile"', `"${key}":1,"tool":"readFile"`)
          .replace('{"path":"src/cli.ts"}', `{"path":"src/cli.ts","${key}":{"polluted":1}}`)
          .replace('"replace":', `"${key}":"x","replace":`)
          .replace('"text":"--verbose"', `"text":"--verbose","${key}":{"polluted":1}`);
        const result = parsePlanText(text);
        assert.ok(!result.ok);
        const at = (path: string) => `${path}.${key}`;
        assert.deepEqual(result.problems.map(formatProblem).sort(), [
          `${at('E1')}: unknown field`,
          `${at('E1.args')}: unknown field`,
          `${at('E2.args.edits[0]')}: unknown field`,
          `${at('E2.postcondition')}: unknown field`,
          `${key}: unknown field`,
        ].sort());
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
      });
    }

    it('never hands back a plan whose objects have another prototype', () => {
      const result = validatePlan(JSON.parse('{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a","__proto__":{"path":"/etc/passwd"}}}]}'));
      assert.ok(!result.ok);
      assert.deepEqual(result.problems.map(formatProblem), ['E1.args.__proto__: unknown field']);
    });
  });
});
