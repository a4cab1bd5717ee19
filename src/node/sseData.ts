// Reading a chat completion stream off the wire ourselves rather than through the SDK's parser, so that
// what an odd endpoint sends (a web page, a whole JSON body, a chunk that is not JSON) is seen and can be
// quoted: the SDK reads an HTML page as an empty stream and throws a bare SyntaxError for a bad chunk.

/** What came back instead of a stream of chat completion chunks, with the start of it. */
export class UnexpectedReplyError extends Error {
  constructor(
    /** `notAStream`: the body is not server-sent events; `malformedChunk`: an event's data is not JSON. */
    readonly kind: 'notAStream' | 'malformedChunk',
    /** The response's content type, '' when it sent none. */
    readonly contentType: string,
    /** The first characters of the body, or of the chunk (raw: sanitized where it is quoted). */
    readonly excerpt: string,
  ) {
    super(kind === 'notAStream' ? `the endpoint answered with ${contentType || 'no content type'} instead of an event stream` : 'a stream chunk is not JSON');
    this.name = 'UnexpectedReplyError';
  }
}

/** Characters of a body kept for a message: enough for the quoted excerpt, never the whole page. */
const EXCERPT_CHARS = 1000;

/** Whether the response says it is a stream of server-sent events (no content type is given the benefit of the doubt). */
export function isEventStream(response: Response): boolean {
  const type = response.headers.get('content-type');
  return type === null || /text\/event-stream/i.test(type);
}

/** The first characters of the body; the rest is not read. */
export async function bodyExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_CHARS);
}

/** The data of each server-sent event in the body, in order (`data:` lines joined; comments and other fields skipped). */
export async function* sseData(response: Response): AsyncGenerator<string> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const line = (text: string): string | undefined => {
    if (text.length === 0) {
      const event = data.length > 0 ? data.join('\n') : undefined;
      data = [];
      return event;
    }
    if (text.startsWith('data:')) data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
    return undefined;
  };
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(bytes, { stream: true });
    const lines = pending.split(/\r?\n/);
    pending = lines.pop()!;
    for (const text of lines) {
      const event = line(text);
      if (event !== undefined) yield event;
    }
  }
  const last = line(pending) ?? line('');
  if (last !== undefined) yield last;
}
