interface Pending<I, O> {
  readonly input: I;
  readonly resolve: (output: O) => void;
  readonly reject: (error: unknown) => void;
}

export interface SameTurnBatcherOptions<I = unknown> {
  /** The most inputs one run takes; a busier turn is split into several runs. */
  readonly max: number;
  /**
   * Whether a failed run of several inputs is tried again one input at a time, so one bad input
   * fails alone. Not for errors that would fail each input alike (the database being away).
   */
  readonly retryAlone: (error: unknown) => boolean;
  /**
   * Told when a batch failed and its inputs are tried again one at a time: once in a while this is
   * one bad input; every time, a batch that can never succeed and doubles the work.
   */
  readonly onRetryAlone?: (error: unknown, size: number) => void;
  /**
   * Inputs run together only with inputs of the same key (the sends of one route: on Citus a
   * statement must name one shard), each key's in the order submitted. None: one group.
   */
  readonly keyOf?: (input: I) => string;
}

/**
 * Collects the inputs submitted in one turn of the event loop and runs them together once that
 * turn's I/O callbacks are done (`setImmediate`): requests whose bytes arrived together share one
 * round trip and one commit, and a lone request waits for nothing but the rest of its turn.
 * `run` answers one output per input, in the inputs' order.
 */
export class SameTurnBatcher<I, O> {
  private queue: Pending<I, O>[] = [];

  constructor(
    private readonly run: (inputs: readonly I[]) => Promise<readonly O[]>,
    private readonly options: SameTurnBatcherOptions<I>,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (const group of this.groupsOf(queue)) {
      for (let start = 0; start < group.length; start += this.options.max) void this.runBatch(group.slice(start, start + this.options.max));
    }
  }

  /** The turn's inputs by key (`keyOf`), in the order each key first came. */
  private groupsOf(queue: Pending<I, O>[]): Iterable<Pending<I, O>[]> {
    const { keyOf } = this.options;
    if (keyOf === undefined) return [queue];
    const groups = new Map<string, Pending<I, O>[]>();
    for (const pending of queue) {
      const key = keyOf(pending.input);
      const group = groups.get(key);
      if (group) group.push(pending);
      else groups.set(key, [pending]);
    }
    return groups.values();
  }

  private async runBatch(batch: readonly Pending<I, O>[]): Promise<void> {
    let outputs: readonly O[];
    try {
      outputs = await this.run(batch.map((pending) => pending.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outputs.length} outputs`);
    } catch (error) {
      if (batch.length > 1 && this.options.retryAlone(error)) {
        for (const pending of batch) void this.runBatch([pending]);
        try {
          this.options.onRetryAlone?.(error, batch.length);
        } catch {
          // Only a report failed: the sends are already on their way, and must get their answers.
        }
      } else {
        for (const pending of batch) pending.reject(error);
      }
      return;
    }
    outputs.forEach((output, i) => batch[i]?.resolve(output));
  }
}
