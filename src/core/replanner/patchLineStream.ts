// The re-planner's reply read line by line as it streams in: each complete line is parsed on its own and
// handed to the run's sink with how much of the reply had arrived, so the run applies it before the reply
// is finished. Prose before the first line and after the last is skipped (parsePatch.ts). A reply that
// turns out to be JSON (its first line holding a `{` starts with it) is held and read whole when it ends,
// its operations then handed over one by one. When the reply is complete, the sink judges what it added.
import { PLAN_LIMITS } from '../planLimits';
import { NO_PATCH_LINE, ProseAroundPatch, readPatchLine, tooManyOperations, type PatchParse, type StepLineParser } from '../plan/parsePatch';
import { holdsJsonObject } from '../planner/modelJson';
import type { PatchOp, PlanPatch } from '../plan/planPatch';
import type { ReplyCheck, ReplyStream } from '../planner/askWithRepair';
import type { PatchLineSink } from '../run/modelRoles';

/** A reply stream that feeds patch lines to `sink`. */
export class PatchLineStream implements ReplyStream<PlanPatch> {
  private buffer = '';
  private chars = 0;
  private lineNumber = 0;
  private operations = 0;
  private full = false;
  private readonly ops: PatchOp[] = [];
  private readonly prose = new ProseAroundPatch();
  /** Set once the reply shows itself to be JSON: the text from then on, read whole at the end. */
  private json: string | undefined;

  constructor(
    private readonly sink: PatchLineSink,
    private readonly parseStep: StepLineParser,
    /** Reads a whole reply that is JSON (readPatchReply). */
    private readonly readJson: (reply: string) => PatchParse,
  ) {}

  onText(delta: string): void {
    this.chars += delta.length;
    // Only the new text can hold a line end: searching the whole buffer again on every chunk made a long
    // line quadratic (a 1 MB line took seconds).
    let start = 0;
    let end: number;
    while ((end = delta.indexOf('\n', start)) >= 0) {
      const line = this.buffer + delta.slice(start, end);
      this.buffer = '';
      start = end + 1;
      this.read(line);
    }
    this.buffer += delta.slice(start);
  }

  async settled(reply: string): Promise<ReplyCheck<PlanPatch>> {
    // A model that does not stream (or streamed only part) hands the rest of its reply over at the end.
    if (reply.length > this.chars) this.onText(reply.slice(this.chars));
    if (this.buffer.length > 0) {
      const last = this.buffer;
      this.buffer = '';
      this.read(last);
    }
    if (this.json !== undefined) this.takeJson(this.json);
    const problems = this.ops.length === 0 && this.operations === 0 ? [NO_PATCH_LINE] : await this.sink.settle();
    return problems.length > 0 ? { ok: false, problems } : { ok: true, value: this.ops };
  }

  repairNote(): readonly string[] {
    return this.sink.repairNote();
  }

  effectNote(): string {
    return this.sink.effectNote();
  }

  private read(text: string): void {
    const where = `line ${++this.lineNumber}`;
    if (this.json !== undefined) {
      this.json += `${text}\n`;
      return;
    }
    if (this.full) return;
    if (this.ops.length === 0 && this.operations === 0 && text.includes('{') && holdsJsonObject(text)) {
      this.json = `${text}\n`;
      return;
    }
    const read = readPatchLine(text.replace(/\r$/, ''), where, this.parseStep);
    if (!read) return;
    const offset = { chars: this.chars };
    const problems = this.prose.take(read);
    for (const problem of problems) this.sink.line({ problem, offset, line: this.lineNumber });
    this.operations += problems.length;
    if ('problem' in read) return;
    this.operations += read.ops.length;
    if (this.operations > PLAN_LIMITS.steps) {
      this.full = true;
      this.sink.line({ problem: tooManyOperations(where), offset, line: this.lineNumber });
      return;
    }
    // An `add` with `each` is several operations; each reaches the run as its own line.
    for (const op of read.ops) {
      this.ops.push(op);
      this.sink.line({ op, offset, line: this.lineNumber });
    }
  }

  /** Hands the operations of a JSON reply to the sink, or its problems. */
  private takeJson(text: string): void {
    const offset = { chars: this.chars };
    const read = this.readJson(text);
    if (!read.ok) {
      for (const problem of read.problems) this.sink.line({ problem, offset });
      this.operations += read.problems.length;
      return;
    }
    for (const op of read.patch) {
      this.ops.push(op);
      this.sink.line({ op, offset });
    }
  }
}
