// Writes schemas/plan.schema.json (the JSON Schema editors use for *.plan.json) from the zod schemas.
// `npx tsc -p . && node out/scripts/generatePlanSchema.js` rewrites it; `--check` only reports (exit 1)
// when the committed file is stale. A unit test fails on a stale file too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PLAN_SCHEMA_PATH, planJsonSchemaText } from '../src/core/plan/planJsonSchema';

/** The repository root: this file runs as out/scripts/generatePlanSchema.js. */
const ROOT = path.resolve(__dirname, '..', '..');

function main(): void {
  const target = path.join(ROOT, PLAN_SCHEMA_PATH);
  const text = planJsonSchemaText();
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(`${PLAN_SCHEMA_PATH} is stale; run: npx tsc -p . && node out/scripts/generatePlanSchema.js`);
      process.exitCode = 1;
    }
    return;
  }
  if (current === text) {
    console.log(`${PLAN_SCHEMA_PATH} is up to date`);
    return;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${PLAN_SCHEMA_PATH}`);
}

main();
