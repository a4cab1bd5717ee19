// A re-plan request as the executor builds it after E2's postcondition failed: E1 done, E3 invalidated.
import type { ReplanRequest } from '../../../src/core/run/modelRoles';
import type { Step } from '../../../src/core/plan/planSchema';

/** The step whose postcondition failed. */
export const E2: Step = {
  id: 'E2',
  title: 'Add the flag',
  tool: 'editFile',
  args: { path: 'src/cli.ts', edits: [{ find: 'const flags = [', replace: "const flags = ['--verbose', " }] },
  dependsOn: ['E1'],
  postcondition: { kind: 'commandSucceeds', command: 'npm test' },
};

/** A re-plan request after E2's postcondition failed, with E1 done and E3 invalidated. */
export const REPLAN_REQUEST: ReplanRequest = {
  goal: 'Add a --verbose flag to the CLI',
  revision: 1,
  frozen: [{ id: 'E1', tool: 'readFile', summary: 'src/cli.ts', status: 'succeeded' }],
  broken: {
    step: E2,
    status: 'failed',
    attempts: 1,
    failure: { kind: 'definite', reason: 'postcondition', message: 'postcondition failed: `npm test` exited with 1', outputTail: 'FAIL test/cli.test.js\n  expected -v to be accepted' },
    checkDetail: '`npm test` exited with 1',
    evidence: [],
  },
  invalidated: [{ id: 'E3', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } }],
  waiting: [{ id: 'E4', tool: 'readFile', summary: 'README.md', status: 'approved' }],
};
