// Add a script to package.json: write the script file, register it, and run it once.
import { baseProject } from '../fixtureProject';
import { contains, jsonWith, editStep, nodeAsserts, writeStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

const SCRIPTS = [
  { name: 'lint', file: 'scripts/lint.js', ok: 'lint ok', what: "every file in src/ starts with 'use strict'" },
  { name: 'check', file: 'scripts/check.js', ok: 'check ok', what: "every file in src/ starts with 'use strict'" },
  { name: 'verify', file: 'scripts/verify.js', ok: 'verify ok', what: "every file in src/ starts with 'use strict'" },
];

function scriptSource(ok: string): string {
  return [
    "'use strict';",
    "const fs = require('node:fs');",
    "const path = require('node:path');",
    '',
    "const dir = path.join(__dirname, '..', 'src');",
    "const missing = fs.readdirSync(dir).filter((file) => file.endsWith('.js') && !fs.readFileSync(path.join(dir, file), 'utf8').startsWith(\"'use strict';\"));",
    'if (missing.length > 0) {',
    "  console.log(`missing 'use strict': ${missing.join(', ')}`);",
    '  process.exitCode = 1;',
    '} else {',
    `  console.log('${ok}');`,
    '}',
    '',
  ].join('\n');
}

/** The addNpmScript family: add a script file and its package.json entry, and run it. */
export const addNpmScript: TaskFamily = {
  name: 'addNpmScript',
  description: 'add a script file and its package.json entry, and run it',
  build(random) {
    const project = baseProject(random);
    const script = random.pick(SCRIPTS);
    const command = `node ${script.file}`;
    const test = '"test": "node test/run.js"';
    return {
      goal: `Add an npm script "${script.name}" that runs ${script.file}, a new script that checks ${script.what} and prints "${script.ok}"; run it once.`,
      files: project.files,
      openFiles: ['package.json'],
      groundTruth: [nodeAsserts(`require('./package.json').scripts['${script.name}'] === '${command}'`), { kind: 'commandSucceeds', command }],
      steps: [
        writeStep('E1', `Write ${script.file}`, script.file, scriptSource(script.ok), contains(script.file, script.ok)),
        editStep('E2', `Register "${script.name}"`, 'package.json', project.files['package.json']!, [{ find: test, replace: `${test},\n    "${script.name}": "${command}"` }], jsonWith('package.json', `"${script.name}": "${command}"`)),
        { id: 'E3', title: `Run ${script.name}`, tool: 'runCommand', args: { command }, dependsOn: ['E1'], idempotent: true, postcondition: { kind: 'outputContains', text: script.ok } },
      ],
      summary: `Added the "${script.name}" script (${script.file}) and ran it: ${script.ok}.`,
    };
  },
};
