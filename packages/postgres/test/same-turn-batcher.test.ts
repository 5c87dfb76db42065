import { SameTurnBatcher } from '../src/same-turn-batcher';

/** A run that doubles its inputs, fails on the ones `failOn` names, and remembers its batches. */
function doubling(failOn: (input: number) => Error | undefined = () => undefined) {
  const batches: number[][] = [];
  const run = async (inputs: readonly number[]): Promise<number[]> => {
    batches.push([...inputs]);
    const failure = inputs.map(failOn).find((error) => error !== undefined);
    if (failure) throw failure;
    return inputs.map((input) => input * 2);
  };
  return { batches, run };
}

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe('SameTurnBatcher', () => {
  it('runs what is submitted in one turn as one batch, and answers each its own output', async () => {
    const { batches, run } = doubling();
    const batcher = new SameTurnBatcher(run, { max: 10, retryAlone: () => true });

    expect(await Promise.all([1, 2, 3].map((n) => batcher.submit(n)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs what comes in a later turn in a batch of its own', async () => {
    const { batches, run } = doubling();
    const batcher = new SameTurnBatcher(run, { max: 10, retryAlone: () => true });

    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.submit(2);

    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('splits a busy turn into batches of at most `max`', async () => {
    const { batches, run } = doubling();
    const batcher = new SameTurnBatcher(run, { max: 2, retryAlone: () => true });

    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('holds inputs while `maxInFlight` runs are under way, then runs them together', async () => {
    const batches: number[][] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const batcher = new SameTurnBatcher(
      async (inputs: readonly number[]) => {
        batches.push([...inputs]);
        if (inputs[0] === 1) await gate;
        return inputs.map((input) => input * 2);
      },
      { max: 10, maxInFlight: 1, retryAlone: () => true },
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    const first = batcher.submit(1);
    await turn();
    const later = [batcher.submit(2)];
    await turn();
    later.push(batcher.submit(3));
    await turn();
    expect(batches).toEqual([[1]]);
    open();

    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('retries a failed batch one input at a time, so only the bad input fails', async () => {
    const bad = new Error('bad input');
    const { batches, run } = doubling((n) => (n === 2 ? bad : undefined));
    const batcher = new SameTurnBatcher(run, { max: 10, retryAlone: () => true });

    expect(await settle([1, 2, 3].map((n) => batcher.submit(n)))).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: bad },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('answers every input even when the retry report itself throws', async () => {
    const { run } = doubling((n) => (n === 2 ? new Error('bad input') : undefined));
    const batcher = new SameTurnBatcher(run, {
      max: 10,
      retryAlone: () => true,
      onRetryAlone: () => {
        throw new Error('the log is broken');
      },
    });

    const results = await settle([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('reports a batch retried alone once, with its error and size', async () => {
    const bad = new Error('bad input');
    const reports: [unknown, number][] = [];
    const { run } = doubling((n) => (n === 2 ? bad : undefined));
    const batcher = new SameTurnBatcher(run, { max: 10, retryAlone: () => true, onRetryAlone: (error, size) => void reports.push([error, size]) });

    await settle([1, 2, 3].map((n) => batcher.submit(n)));
    expect(reports).toEqual([[bad, 3]]);
  });

  it('fails the whole batch at once, without retrying, when the error would fail each input alike', async () => {
    const away = new Error('database away');
    const { batches, run } = doubling(() => away);
    const batcher = new SameTurnBatcher(run, { max: 10, retryAlone: (error) => error !== away });

    expect(await settle([1, 2].map((n) => batcher.submit(n)))).toEqual([
      { status: 'rejected', reason: away },
      { status: 'rejected', reason: away },
    ]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('refuses a run that answers another number of outputs than it was given inputs', async () => {
    const batcher = new SameTurnBatcher(async (inputs: readonly number[]) => inputs.slice(1), { max: 10, retryAlone: () => false });

    const results = await settle([1, 2].map((n) => batcher.submit(n)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: new Error('a batch of 2 answered 1 outputs') });
  });
});
