// Unit tests of the validation gate: every rule, each with a plan that breaks exactly that rule, and the
// formatted problem that names the field.
import * as assert from 'node:assert/strict';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { examplePlan, exampleWith, problemsOf } from './planFixtures';

const KNOWN_TOOLS =
  'known tools: readFile, listFiles, searchText, writeFile, appendFile, editFile, deleteFile, renameFile, runCommand, generate, proposeEdit, subplan';

describe('validatePlan', () => {
  describe('a valid plan', () => {
    it('accepts the example plan and returns it frozen', () => {
      const result = validatePlan(examplePlan());
      assert.ok(result.ok);
      assert.equal(result.plan.steps.length, 3);
      assert.ok(Object.isFrozen(result.plan));
      assert.ok(Object.isFrozen(result.plan.steps[1].args));
      assert.throws(() => {
        (result.plan.steps as unknown[]).push({});
      }, TypeError);
    });

    it('freezes every object and array inside the plan, down to nested arguments and checks', () => {
      const input = exampleWith((plan) => {
        plan.steps[1].args.edits = [{ find: 'a', replace: 'b' }];
        plan.steps[1].postcondition = { kind: 'all', checks: [{ kind: 'not', check: { kind: 'fileContains', path: 'src/cli.ts', text: 'a' } }] };
      });
      const result = validatePlan(input);
      assert.ok(result.ok);
      const unfrozen: string[] = [];
      const visit = (value: unknown, path: string): void => {
        if (value === null || typeof value !== 'object') return;
        if (!Object.isFrozen(value)) unfrozen.push(path);
        for (const [key, child] of Object.entries(value)) visit(child, `${path}.${key}`);
      };
      visit(result.plan, 'plan');
      assert.deepEqual(unfrozen, []);
    });

    it('returns a copy, so changing the input afterwards does not change the valid plan', () => {
      const input = examplePlan();
      const result = validatePlan(input);
      input.steps[0].args.path = '/etc/passwd';
      assert.ok(result.ok);
      assert.equal(result.plan.steps[0].args.path, 'src/cli.ts');
    });

    it('accepts the optional fields: $schema, revision, precondition, statusCheck, compensation, idempotency flags', () => {
      const plan = exampleWith((p) => {
        p.$schema = './schemas/plan.schema.json';
        p.revision = 2;
        p.steps[1].precondition = { kind: 'fileExists', path: 'src/cli.ts' };
        p.steps[1].statusCheck = { kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' };
        p.steps[1].compensation = { tool: 'writeFile', args: { path: 'src/cli.ts', content: '#E1' } };
        p.steps[2].idempotent = true;
        p.steps[2].idempotencyKey = true;
        p.steps[2].statusCheck = { kind: 'outputContains', text: 'passing' };
      });
      assert.deepEqual(problemsOf(plan), []);
    });
  });

  describe('document shape', () => {
    it('rejects something that is not an object', () => {
      assert.deepEqual(problemsOf([]), ['a plan must be a JSON object, got an array']);
      assert.deepEqual(problemsOf(null), ['a plan must be a JSON object, got null']);
    });

    it('requires version 1', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.version = 2))), ['version: expected 1, got 2']);
    });

    it('requires a goal that is not blank', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.goal = '  '))), ['goal: must not be empty']);
      assert.deepEqual(problemsOf(exampleWith((p) => delete p.goal)), ['goal: Required']);
    });

    it('reports an empty plan', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps = []))), ['steps: a plan needs at least one step']);
    });

    it('reports unknown top-level fields, suggesting the field that was meant', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.author = 'me'))), ['author: unknown field']);
      assert.deepEqual(problemsOf(exampleWith((p) => (p.revison = 1))), ['revison: unknown field; did you mean "revision"?']);
    });

    it('reports a step that is not an object by its index', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => p.steps.push('E4'))), ['steps[3]: expected object, got string']);
    });
  });

  describe('step ids', () => {
    it('reports a malformed id at steps[i].id', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0].id = '1st')));
      assert.equal(problems.length, 2);
      assert.match(problems[0], /^steps\[0\]\.id: must be a step id: a letter, then up to 31 letters/);
      assert.equal(problems[1], 'E2.dependsOn[0]: "E1" names no step of this plan');
    });

    it('reports an id longer than 32 characters', () => {
      const problems = problemsOf(exampleWith((p) => p.steps.push({ ...p.steps[0], id: `E${'x'.repeat(32)}` })));
      assert.deepEqual(problems.map((problem) => problem.split(':')[0]), ['steps[3].id']);
    });

    it('reports a missing id', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => delete p.steps[2].id)), ['steps[2].id: Required']);
    });

    it('reports a duplicate id at the later step, naming the first', () => {
      const problems = problemsOf(exampleWith((p) => p.steps.push({ ...p.steps[0] })));
      assert.deepEqual(problems, ['steps[3].id: duplicate step id "E1" (first used by steps[0])']);
    });
  });

  describe('step fields', () => {
    it('requires a title', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => delete p.steps[0].title)), ['E1.title: Required']);
    });

    it('reports a misspelt field with the field that was meant', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0].precondtion = { kind: 'fileExists', path: 'src/cli.ts' })));
      assert.deepEqual(problems, ['E1.precondtion: unknown field; did you mean "precondition"?']);
    });

    it('reports a misspelt postcondition and the missing postcondition it leaves', () => {
      const problems = problemsOf(
        exampleWith((p) => {
          p.steps[1].postcondtion = p.steps[1].postcondition;
          delete p.steps[1].postcondition;
        }),
      );
      assert.deepEqual(problems, [
        'E2.postcondtion: unknown field; did you mean "postcondition"?',
        'E2.postcondition: Required: editFile changes the workspace, so the step needs a postcondition the executor can check',
      ]);
    });

    it('reports a dependsOn that is not a list of ids', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[1].dependsOn = 'E1'))), ['E2.dependsOn: expected array, got string']);
    });
  });

  describe('tools and arguments', () => {
    it('reports an unknown tool, suggesting the nearest and listing the known ones', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0].tool = 'readFil')));
      assert.deepEqual(problems, [`E1.tool: unknown tool "readFil" (did you mean "readFile"?); ${KNOWN_TOOLS}`]);
    });

    it('reports an unknown tool without a suggestion when nothing is close', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[0].tool = 'browse'))), [`E1.tool: unknown tool "browse"; ${KNOWN_TOOLS}`]);
    });

    it("names the path of a missing argument inside the tool's schema", () => {
      assert.deepEqual(problemsOf(exampleWith((p) => delete p.steps[1].args.edits[0].find)), ['E2.args.edits[0].find: Required']);
    });

    it('names an argument of the wrong type', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[0].args.path = 7))), ['E1.args.path: expected string, got number']);
    });

    it('names an empty required string', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[2].args.command = ''))), ['E3.args.command: must not be empty']);
    });

    it('reports an unknown argument, suggesting the one that was meant', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0].args = { paht: 'src/cli.ts' })));
      assert.deepEqual(problems, ['E1.args.path: Required', 'E1.args.paht: unknown field; did you mean "path"?']);
    });

    it('reports an invalid regular expression in searchText', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0] = { ...p.steps[0], tool: 'searchText', args: { pattern: 'a(' } })));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E1\.args\.pattern: invalid regular expression/);
    });
  });

  describe('workspace paths', () => {
    const escapes: [string, RegExp][] = [
      ['/etc/passwd', /is absolute/],
      ['../outside.ts', /contains "\.\."/],
      ['src/../../outside.ts', /contains "\.\."/],
      ['~/secrets', /starts with "~"/],
      ['C:\\Windows\\win.ini', /drive letter/],
      ['src/a\0b', /NUL byte/],
      [`src/${'a'.repeat(1100)}`, /longer than 1024 characters/],
    ];
    for (const [path, message] of escapes) {
      it(`rejects ${JSON.stringify(path.slice(0, 24))} in tool arguments`, () => {
        const problems = problemsOf(exampleWith((p) => (p.steps[0].args.path = path)));
        assert.equal(problems.length, 1);
        assert.ok(problems[0].startsWith('E1.args.path: path "'), problems[0]);
        assert.match(problems[0], message);
      });
    }

    it('rejects an escaping path in a postcondition', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].postcondition.path = '../cli.ts')));
      assert.deepEqual(problems, ['E2.postcondition.path: path "../cli.ts" contains ".."; paths may not leave the workspace']);
    });

    it('rejects an escaping path nested inside combinators', () => {
      const problems = problemsOf(
        exampleWith((p) => {
          p.steps[1].postcondition = { kind: 'all', checks: [p.steps[1].postcondition, { kind: 'not', check: { kind: 'fileExists', path: '/tmp/x' } }] };
        }),
      );
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E2\.postcondition\.checks\[1\]\.check\.path: path "\/tmp\/x" is absolute/);
    });

    it("rejects an escaping cwd of runCommand", () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[2].args.cwd = '../other-repo')));
      assert.deepEqual(problems, ['E3.args.cwd: path "../other-repo" contains ".."; paths may not leave the workspace']);
    });
  });

  describe('checks', () => {
    it('reports an unknown check kind with a suggestion', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].postcondition.kind = 'fileContain')));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E2\.postcondition\.kind: unknown kind "fileContain" \(did you mean "fileContains"\?\); expected one of: fileExists, /);
    });

    it('reports an invalid regular expression in fileMatches', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].postcondition = { kind: 'fileMatches', path: 'src/cli.ts', pattern: '[' })));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E2\.postcondition\.pattern: invalid regular expression/);
    });

    it('reports exitCode in the postcondition of a step that runs no command', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].postcondition = { kind: 'exitCode', equals: 0 })));
      assert.deepEqual(problems, [
        `E2.postcondition: "exitCode" is about the step's own command, so it is only allowed on runCommand steps (this step uses editFile)`,
      ]);
    });

    it('reports outputContains nested in the statusCheck of a step that runs no command', () => {
      const problems = problemsOf(
        exampleWith((p) => (p.steps[1].statusCheck = { kind: 'any', checks: [{ kind: 'fileExists', path: 'a' }, { kind: 'outputContains', text: 'ok' }] })),
      );
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E2\.statusCheck\.checks\[1\]: "outputContains" is about the step's own command/);
    });

    it('reports exitCode in the precondition of a runCommand step, which runs before the command', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[2].precondition = { kind: 'exitCode', equals: 0 })));
      assert.deepEqual(problems, [`E3.precondition: "exitCode" is about the step's own command, which has not run when the precondition is checked`]);
    });
  });

  describe('postconditions', () => {
    const effectful: [string, Record<string, unknown>][] = [
      ['writeFile', { path: 'a.txt', content: 'x' }],
      ['appendFile', { path: 'a.txt', content: 'x' }],
      ['editFile', { path: 'a.txt', edits: [{ find: 'a', replace: 'b' }] }],
      ['deleteFile', { path: 'a.txt' }],
      ['renameFile', { from: 'a.txt', to: 'b.txt' }],
      ['runCommand', { command: 'make' }],
      ['proposeEdit', { path: 'a.txt', instruction: 'tidy up' }],
    ];
    for (const [tool, args] of effectful) {
      it(`requires a postcondition on ${tool}, which changes the workspace`, () => {
        const problems = problemsOf(exampleWith((p) => p.steps.push({ id: 'E4', title: 'x', tool, args })));
        assert.deepEqual(problems, [`E4.postcondition: Required: ${tool} changes the workspace, so the step needs a postcondition the executor can check`]);
      });
    }

    const readOnly: [string, Record<string, unknown>][] = [
      ['readFile', { path: 'a.txt' }],
      ['listFiles', { glob: 'src/**/*.ts' }],
      ['searchText', { pattern: 'TODO' }],
      ['generate', { instruction: 'summarise #E1' }],
    ];
    for (const [tool, args] of readOnly) {
      it(`needs no postcondition on ${tool}, which changes nothing`, () => {
        assert.deepEqual(problemsOf(exampleWith((p) => p.steps.push({ id: 'E4', title: 'x', tool, args }))), []);
      });
    }

    it('still requires a postcondition on a runCommand declared idempotent', () => {
      const problems = problemsOf(exampleWith((p) => p.steps.push({ id: 'E4', title: 'x', tool: 'runCommand', args: { command: 'make' }, idempotent: true })));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E4\.postcondition: Required/);
    });
  });

  describe('idempotency flags', () => {
    it('reports idempotent on a step that is not runCommand', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].idempotent = true)));
      assert.deepEqual(problems, [
        'E2.idempotent: only allowed on runCommand steps (this step uses editFile, whose retry safety does not depend on its arguments)',
      ]);
    });

    it('reports idempotencyKey on a step that is not runCommand', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[0].idempotencyKey = false)));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E1\.idempotencyKey: only allowed on runCommand steps/);
    });

    it('reports a flag that is not a boolean', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[2].idempotent = 'yes'))), ['E3.idempotent: expected boolean, got string']);
    });
  });

  describe('compensation', () => {
    it('reports an unknown compensating tool', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].compensation = { tool: 'undoEdit', args: {} })));
      assert.equal(problems.length, 1);
      assert.match(problems[0], /^E2\.compensation\.tool: unknown tool "undoEdit"/);
    });

    it("checks compensation arguments against that tool's schema", () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].compensation = { tool: 'writeFile', args: { path: '../cli.ts', content: '' } })));
      assert.deepEqual(problems, ['E2.compensation.args.path: path "../cli.ts" contains ".."; paths may not leave the workspace']);
    });
  });

  describe('dependencies and references', () => {
    it('reports a dependsOn naming no step', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[2].dependsOn = ['E9']))), ['E3.dependsOn[0]: "E9" names no step of this plan']);
    });

    it('reports a step depending on itself', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => p.steps[2].dependsOn.push('E3'))), ['E3.dependsOn[1]: a step cannot depend on itself ("E3")']);
    });

    it('reports a dependsOn cycle with its path', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[0].dependsOn = ['E3']))), ['E1.dependsOn[0]: dependency cycle: E1 → E3 → E2 → E1']);
    });

    it('reports a two-step cycle', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[1].dependsOn = ['E1', 'E3']))), ['E2.dependsOn[1]: dependency cycle: E2 → E3 → E2']);
    });

    it('reports a cycle made by a reference, at the string that holds it', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[0].args.path = 'notes/#E3.md'))), ['E1.args.path: dependency cycle: E1 → E3 → E2 → E1']);
    });

    it('reports each independent cycle once', () => {
      const problems = problemsOf(
        exampleWith((p) => {
          p.steps[1].dependsOn = ['E3'];
          p.steps.push({ id: 'A', title: 'a', tool: 'readFile', args: { path: 'a' }, dependsOn: ['B'] });
          p.steps.push({ id: 'B', title: 'b', tool: 'readFile', args: { path: 'b' }, dependsOn: ['A'] });
        }),
      );
      assert.deepEqual(problems, ['E2.dependsOn[0]: dependency cycle: E2 → E3 → E2', 'A.dependsOn[0]: dependency cycle: A → B → A']);
    });

    it('reports a dangling #E reference at the field that holds it', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].args.edits[0].replace = 'flags from #E9')));
      assert.deepEqual(problems, ['E2.args.edits[0].replace: reference "#E9" names no step of this plan']);
    });

    it('reports a step referencing its own output', () => {
      assert.deepEqual(problemsOf(exampleWith((p) => (p.steps[2].args.command = 'echo #E3'))), [`E3.args.command: "#E3" references the step's own output`]);
    });

    it('reports a dangling reference in compensation arguments', () => {
      const problems = problemsOf(exampleWith((p) => (p.steps[1].compensation = { tool: 'writeFile', args: { path: 'src/cli.ts', content: '#E7' } })));
      assert.deepEqual(problems, ['E2.compensation.args.content: reference "#E7" names no step of this plan']);
    });

    it('treats #include and other tokens that name no step as text', () => {
      const plan = exampleWith((p) => (p.steps[1].args.edits[0].replace = '#include <stdio.h>\ncolor: #fff; #E1x #e2'));
      assert.deepEqual(problemsOf(plan), []);
    });

    it('accepts a reference to a later step when it makes no cycle', () => {
      const plan = exampleWith((p) => p.steps.unshift({ id: 'S', title: 'Summarise', tool: 'generate', args: { instruction: 'Summarise #E3' } }));
      assert.deepEqual(problemsOf(plan), []);
    });
  });

  describe('reporting', () => {
    it('reports every problem of a plan, not just the first, each with its step id', () => {
      const result = validatePlan(
        exampleWith((p) => {
          p.steps[0].tool = 'wrteFile';
          p.steps[1].args.path = '/abs';
          p.steps[2].dependsOn = ['E9'];
        }),
      );
      assert.ok(!result.ok);
      assert.deepEqual(
        result.problems.map((problem) => [problem.stepId, problem.path]),
        [
          ['E1', 'E1.tool'],
          ['E2', 'E2.args.path'],
          ['E3', 'E3.dependsOn[0]'],
        ],
      );
    });

    it('still checks the tool of a step whose other fields are malformed', () => {
      const problems = problemsOf(
        exampleWith((p) => {
          p.steps[0].tool = 'readFil';
          p.steps[0].titel = 'typo';
        }),
      );
      assert.deepEqual(problems.map((problem) => problem.split(':')[0]), ['E1.titel', 'E1.tool']);
    });
  });
});
