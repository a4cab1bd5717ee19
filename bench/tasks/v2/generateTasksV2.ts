// The v2 task set: closer to real work than v1. Task i of seed s comes from family i mod F, on one of a
// few projects drawn from the seed (shared, so 60 tasks hold about 10 MB rather than 120), with its own
// random stream, and a fault with probability 0.12 from a separate stream, as in v1.
import { BenchTaskSchema, type BenchTask } from '../benchTask';
import { createRandom, mixSeed } from '../random';
import { addArgument } from './families/addArgument';
import { migrateApi } from './families/migrateApi';
import { renameConfigKey } from './families/renameConfigKey';
import { renameHelper } from './families/renameHelper';
import { swapLogger } from './families/swapLogger';
import { updateHeader } from './families/updateHeader';
import { injectFaultV2 } from './injectFaultV2';
import type { V2Family } from './v2Family';
import { drawV2Project, type V2Project } from './v2Fixture';

/** The v2 families, in the order the generator cycles through them. */
export const V2_FAMILIES: readonly V2Family[] = [migrateApi, renameHelper, addArgument, swapLogger, renameConfigKey, updateHeader];

/** The v2 set's size, seed and fault rate by default. */
export const DEFAULT_V2_TASK_SET = { count: 60, seed: 1, faultRate: 0.12 } as const;

/** How many projects a set draws; task i uses project ⌊i / F⌋ mod this. */
const PROJECTS = 4;
const PROJECT_STREAM = 0x2f1e;
const TASK_STREAM = 0x2a5c;
const FAULT_STREAM = 0xfa017;

/** The first `count` v2 tasks of `seed`. */
export function generateTasksV2(seed: number = DEFAULT_V2_TASK_SET.seed, count: number = DEFAULT_V2_TASK_SET.count, faultRate: number = DEFAULT_V2_TASK_SET.faultRate): BenchTask[] {
  const projects = new Map<number, V2Project>();
  const projectOf = (index: number): V2Project => {
    const which = Math.floor(index / V2_FAMILIES.length) % PROJECTS;
    let project = projects.get(which);
    if (!project) projects.set(which, (project = drawV2Project(mixSeed(seed, which, PROJECT_STREAM))));
    return project;
  };
  return Array.from({ length: count }, (_, index) => {
    const family = V2_FAMILIES[index % V2_FAMILIES.length]!;
    const draft = family.build(projectOf(index), createRandom(mixSeed(seed, index, TASK_STREAM)));
    const faultRandom = createRandom(mixSeed(seed, index, FAULT_STREAM));
    const { followUp, agentSteps, fault } = faultRandom.chance(faultRate) ? injectFaultV2(draft, faultRandom) : { followUp: draft.followUp, agentSteps: draft.agentSteps, fault: undefined };
    return BenchTaskSchema.parse({
      id: `v${String(index).padStart(3, '0')}-${family.name}`,
      family: family.name,
      index,
      goal: draft.goal,
      files: draft.files,
      openFiles: [],
      groundTruth: [...draft.groundTruth],
      plan: { version: 1, goal: draft.goal, steps: [...draft.steps] },
      ...(fault ? { fault } : {}),
      workerReplies: [],
      summary: draft.summary,
      followUp: [...followUp],
      agentSteps: [...agentSteps],
      workerEdits: draft.workerEdits,
    });
  });
}
