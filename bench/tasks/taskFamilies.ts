// Every task family of the benchmark, in the order the generator cycles through them.
import { addCliFlag } from './families/addCliFlag';
import { addDependency } from './families/addDependency';
import { addNpmScript } from './families/addNpmScript';
import { addReadmeSection } from './families/addReadmeSection';
import { bumpVersion } from './families/bumpVersion';
import { createModule } from './families/createModule';
import { deleteDeadCode } from './families/deleteDeadCode';
import { extractConstant } from './families/extractConstant';
import { fixFailingTest } from './families/fixFailingTest';
import { moveModule } from './families/moveModule';
import { renameFunction } from './families/renameFunction';
import { runMigration } from './families/runMigration';
import { splitFile } from './families/splitFile';
import { updateCopyright } from './families/updateCopyright';
import { updateJsonConfig } from './families/updateJsonConfig';
import { writeReleaseNotes } from './families/writeReleaseNotes';
import type { TaskFamily } from './taskFamily';

/** The families, each generating tasks of one kind. */
export const TASK_FAMILIES: readonly TaskFamily[] = [
  renameFunction,
  addCliFlag,
  fixFailingTest,
  createModule,
  updateJsonConfig,
  deleteDeadCode,
  bumpVersion,
  addReadmeSection,
  addDependency,
  extractConstant,
  addNpmScript,
  splitFile,
  updateCopyright,
  moveModule,
  runMigration,
  writeReleaseNotes,
];
