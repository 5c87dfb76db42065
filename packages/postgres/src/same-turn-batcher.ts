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
  /**
   * The most runs at once (unbounded unless said): inputs submitted while that many are running
   * wait for one to end, and go together in the next. A lone input still waits for nothing but its
   * turn; under load the batches grow instead of the runs, each holding a connection.
   */
  readonly maxInFlight?: number;
}

/**
 * Collects the inputs submitted in one turn of the event loop and runs them together once that
 * turn's I/O callbacks are done (`setImmediate`): requests whose bytes arrived together share one
 * round trip and one commit, and a lone request waits for nothing but the rest of its turn.
 * `run` answers one output per input, in the inputs' order.
 */
export class SameTurnBatcher<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private flushing = false;

  constructor(
    private readonly run: (inputs: readonly I[]) => Promise<readonly O[]>,
    private readonly options: SameTurnBatcherOptions<I>,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushing = false;
    const most = this.options.maxInFlight ?? Infinity;
    while (this.queue.length > 0 && this.inFlight < most) {
      const batch = this.nextBatch();
      this.inFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        // What waited for this run goes in the next turn (with whatever that turn adds).
        if (this.queue.length > 0 && !this.flushing) {
          this.flushing = true;
          setImmediate(() => this.flush());
        }
      });
    }
  }

  /** The oldest waiting input and those after it of its key (`keyOf`), up to `max`, taken off the queue in order. */
  private nextBatch(): Pending<I, O>[] {
    const { keyOf, max } = this.options;
    if (keyOf === undefined) return this.queue.splice(0, max);
    const key = keyOf((this.queue[0] as Pending<I, O>).input);
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    for (const pending of this.queue) (batch.length < max && keyOf(pending.input) === key ? batch : rest).push(pending);
    this.queue = rest;
    return batch;
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
