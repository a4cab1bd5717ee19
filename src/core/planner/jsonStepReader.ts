// Reads a plan written as JSON (`{"steps": [{…}, {…}]}`, the structured-output form) as it arrives:
// every step object of the top-level "steps" array is handed on as soon as its closing brace arrives,
// so a JSON plan streams into a run the way a line-oriented one does. Only the text's structure
// (strings, escapes, nesting) is tracked; each completed object is parsed on its own.
import type { PlanLine, PlanLineReader } from './planStream';

/** An incremental reader of the steps of one JSON plan reply. */
export class JsonStepReader implements PlanLineReader {
  private text = '';
  private at = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The last string read at depth 1: the key a value at depth 1 belongs to. */
  private key: string | undefined;
  private stringStart = 0;
  private inSteps = false;
  private stepStart = -1;
  private count = 0;

  push(chunk: string): PlanLine[] {
    this.text += chunk;
    const found: PlanLine[] = [];
    for (; this.at < this.text.length; this.at++) {
      const char = this.text[this.at]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') {
          this.inString = false;
          if (this.depth === 1) this.key = this.text.slice(this.stringStart + 1, this.at);
        }
        continue;
      }
      if (char === '"') {
        this.inString = true;
        this.stringStart = this.at;
      } else if (char === '{' || char === '[') {
        if (char === '[' && this.depth === 1 && this.key === 'steps') this.inSteps = true;
        if (char === '{' && this.inSteps && this.depth === 2) this.stepStart = this.at;
        this.depth++;
      } else if (char === '}' || char === ']') {
        this.depth--;
        if (char === '}' && this.inSteps && this.depth === 2 && this.stepStart >= 0) {
          found.push(this.read(this.text.slice(this.stepStart, this.at + 1)));
          this.stepStart = -1;
        }
        if (char === ']' && this.inSteps && this.depth === 1) this.inSteps = false;
      }
    }
    return found;
  }

  finish(): PlanLine[] {
    return [];
  }

  private read(json: string): PlanLine {
    this.count++;
    try {
      return { step: JSON.parse(json) as unknown, problems: [] };
    } catch (error) {
      return { problems: [{ path: `steps[${this.count - 1}]`, message: `not valid JSON (${(error as Error).message})` }] };
    }
  }
}
