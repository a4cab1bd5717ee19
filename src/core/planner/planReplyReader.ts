// The streamed planner reply's reader: plan-language lines are handed on one by one as they complete,
// while a reply that turns out to be a JSON object (an endpoint that only writes JSON) is read whole when
// it ends (prose, a fence or a tag around it too), the way `readPlanReply` reads it — so a streamed plan accepts the same replies as a planned one.
import { CompactPlanReader, type CompactLineItem } from '../plan/compact/compactPlanReader';
import type { PlanLine, PlanLineReader } from './planStream';
import { holdsJsonObject } from './modelJson';
import { readPlanReply } from './readPlanReply';

/** A compact line as a plan line, without its number: each of its problems already says which line it is on. */
const planLine = ({ step, problems }: CompactLineItem): PlanLine => ({ step, problems });

/** Streams compact lines; holds a JSON reply back until it is complete. */
export class PlanReplyReader implements PlanLineReader {
  private readonly lines = new CompactPlanReader();
  /** Undecided until the first line holding a `{` is complete. */
  private mode: 'lines' | 'json' | undefined;
  private held = '';

  /** How many of the reader's `done` checks were handed on. */
  private doneSeen = 0;

  push(chunk: string): readonly PlanLine[] {
    if (this.mode === 'lines') return this.withDone(this.lines.push(chunk).map(planLine));
    this.held += chunk;
    if (this.mode === 'json') return [];
    // Decided by the first line holding a `{`: a plan line's arguments, or the object a JSON reply is.
    const brace = this.held.indexOf('{');
    if (brace < 0 || this.held.indexOf('\n', brace) < 0) return [];
    this.mode = holdsJsonObject(this.held) ? 'json' : 'lines';
    if (this.mode === 'json') return [];
    const text = this.held;
    this.held = '';
    return this.withDone(this.lines.push(text).map(planLine));
  }

  /**
   * The `done` lines read since the last call, then `lines`: a check changes no step, so it goes first, and the checks
   * of a reply whose first line holds a step still reach the run before that step starts.
   */
  private withDone(lines: readonly PlanLine[]): readonly PlanLine[] {
    const fresh = this.lines.doneLines.slice(this.doneSeen);
    this.doneSeen = this.lines.doneLines.length;
    return fresh.length === 0 ? lines : [...fresh.map((done) => ('check' in done ? { acceptance: done.check, problems: [] } : { problems: [done.problem] })), ...lines];
  }

  finish(): readonly PlanLine[] {
    this.mode ??= holdsJsonObject(this.held) ? 'json' : 'lines';
    if (this.mode !== 'json') return this.withDone([...(this.held ? this.lines.push(this.held) : []), ...this.lines.finish()].map(planLine));
    const read = readPlanReply(this.held);
    return [...read.steps.map((step) => ({ step, problems: [] })), ...read.problems.map((message) => ({ problems: [{ path: 'reply', message }] }))];
  }
}
