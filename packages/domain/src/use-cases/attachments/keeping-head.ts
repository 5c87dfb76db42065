/** A body passed on as it is read, with a copy of its first bytes kept aside. */
export interface HeadKeepingBody {
  readonly body: AsyncIterable<Uint8Array>;
  /** The first `max` bytes read so far (all of a shorter body). */
  head(): Uint8Array;
}

/** Passes `body` on chunk by chunk, copying no more than its first `max` bytes: what is inspected of a file. */
export function keepingHead(source: AsyncIterable<Uint8Array>, max: number): HeadKeepingBody {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  async function* body(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      if (kept < max) {
        const part = chunk.slice(0, max - kept);
        chunks.push(part);
        kept += part.length;
      }
      yield chunk;
    }
  }
  return {
    body: body(),
    head() {
      const head = new Uint8Array(kept);
      let at = 0;
      for (const chunk of chunks) {
        head.set(chunk, at);
        at += chunk.length;
      }
      return head;
    },
  };
}
