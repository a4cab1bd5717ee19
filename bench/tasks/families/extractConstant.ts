// Extract a constant: a magic number repeated in several modules becomes one named export of a new
// src/constants.js; every module's edit is independent of the others, the tests wait for all.
import { baseProject, copyrightLine, renderModule, renderTest } from '../fixtureProject';
import type { FunctionTemplate } from '../moduleTemplates';
import { allOf, contains, editStep, lacks, testsPass, testStep, writeStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** Modules that each use the timeout literally; `N` stands for the number. */
const USERS: readonly { name: string; f: (n: number) => FunctionTemplate }[] = [
  { name: 'http', f: (n) => ({ name: 'requestTimeout', code: `function requestTimeout(options) {\n  return options.timeout ?? ${n};\n}`, test: { title: 'requestTimeout has a default', assertion: `assert.strictEqual(requestTimeout({}), ${n})` } }) },
  { name: 'jobs', f: (n) => ({ name: 'jobDeadline', code: `function jobDeadline(start) {\n  return start + ${n};\n}`, test: { title: 'jobDeadline adds the timeout', assertion: `assert.strictEqual(jobDeadline(1), ${n + 1})` } }) },
  { name: 'poller', f: (n) => ({ name: 'pollInterval', code: `function pollInterval(attempt) {\n  return Math.min(attempt * 1000, ${n});\n}`, test: { title: 'pollInterval is capped', assertion: `assert.strictEqual(pollInterval(1e9), ${n})` } }) },
  { name: 'session', f: (n) => ({ name: 'sessionExpired', code: `function sessionExpired(started, now) {\n  return now - started > ${n};\n}`, test: { title: 'sessionExpired after the timeout', assertion: `assert.strictEqual(sessionExpired(0, ${n + 1}), true)` } }) },
];

/** The extractConstant family: extract a repeated magic number into a shared constant. */
export const extractConstant: TaskFamily = {
  name: 'extractConstant',
  description: 'extract a repeated magic number into a shared constant',
  build(random) {
    const project = baseProject(random);
    const value = random.pick([15000, 30000, 60000]);
    const name = 'DEFAULT_TIMEOUT_MS';
    const header = copyrightLine(project.year, project.org);
    const users = random.sample(USERS, random.int(2, 4)).sort((a, b) => a.name.localeCompare(b.name));
    const files = { ...project.files };
    for (const user of users) {
      const module = { name: user.name, functions: [user.f(value)] };
      files[`src/${user.name}.js`] = renderModule(module, header);
      files[`test/${user.name}.test.js`] = renderTest(module);
    }
    const constants = `'use strict';\n${header}\n\nconst ${name} = ${value};\n\nmodule.exports = { ${name} };\n`;
    const steps = [writeStep('E1', 'Create src/constants.js', 'src/constants.js', constants, contains('src/constants.js', `const ${name} = ${value};`))];
    for (const user of users) {
      const path = `src/${user.name}.js`;
      const content = files[path]!;
      const line = content.split('\n').find((text) => text.includes(String(value)))!;
      steps.push(editStep(`E${steps.length + 1}`, `Use ${name} in ${path}`, path, content, [
        { find: header, replace: `${header}\nconst { ${name} } = require('./constants');` },
        { find: line, replace: line.replace(String(value), name) },
      ], allOf(contains(path, `require('./constants')`), lacks(path, String(value)))));
    }
    steps.push(testStep(`E${steps.length + 1}`, { dependsOn: steps.map((step) => step.id) }));
    const paths = users.map((user) => `src/${user.name}.js`);
    return {
      goal: `The timeout ${value} is written out in ${paths.join(', ')}. Move it into a new src/constants.js as ${name} (exported) and use the constant in each of those files; the tests must pass.`,
      files,
      openFiles: paths,
      groundTruth: [{ kind: 'fileExists', path: 'src/constants.js' }, ...paths.flatMap((path) => [lacks(path, String(value)), contains(path, name)]), testsPass],
      steps,
      summary: `Added ${name} to src/constants.js and used it in ${paths.length} modules; the tests pass.`,
    };
  },
};
