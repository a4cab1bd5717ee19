// Writes schemas/plan.schema.json (the JSON Schema editors use for *.plan.json) and schemas/step.schema.json
// (one step, for the editor's "Edit Step…" documents) from the zod schemas.
// `npx tsc -p . && node out/scripts/generatePlanSchema.js` rewrites it; `--check` only reports (exit 1)
// when the committed file is stale. A unit test fails on a stale file too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PLAN_SCHEMA_PATH, planJsonSchemaText, STEP_SCHEMA_PATH, stepJsonSchemaText } from '../src/core/plan/planJsonSchema';

/** The repository root: this file runs as out/scripts/generatePlanSchema.js. */
const ROOT = path.resolve(__dirname, '..', '..');

function write(relative: string, text: string): void {
  const target = path.join(ROOT, relative);
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(`${relative} is stale; run: npx tsc -p . && node out/scripts/generatePlanSchema.js`);
      process.exitCode = 1;
    }
    return;
  }
  if (current === text) {
    console.log(`${relative} is up to date`);
    return;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${relative}`);
}

function main(): void {
  write(PLAN_SCHEMA_PATH, planJsonSchemaText());
  write(STEP_SCHEMA_PATH, stepJsonSchemaText());
}

main();
