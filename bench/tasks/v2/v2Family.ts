// What a v2 task family is: a kind of change carried across many files of a shared project, built from
// the task's own random stream.
import type { Random } from '../random';
import type { V2Draft } from './crossFileChange';
import type { V2Project } from './v2Fixture';

/** A kind of v2 task. */
export interface V2Family {
  readonly name: string;
  /** One line for reports. */
  readonly description: string;
  build(project: V2Project, random: Random): V2Draft;
}
