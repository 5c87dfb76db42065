import pino from 'pino';
import { batchRetryWarning } from '../src/batch-retry-warning';

/** A logger whose lines are kept as parsed JSON. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { lines, logger };
}

describe('batchRetryWarning', () => {
  it('warns at once, then at most once a minute, counting the batches in between', () => {
    const { lines, logger } = capturedLogger();
    let clock = 1_000_000;
    const warn = batchRetryWarning(logger, () => clock);

    warn(new Error('malformed array literal'), 3);
    clock += 30_000;
    warn(new Error('again'), 2);
    warn(new Error('and again'), 4);
    clock += 30_000;
    warn(new Error('a minute on'), 5);

    expect(lines.map(({ level, msg, size, batches, err }) => ({ level, msg, size, batches, message: (err as { message?: string }).message }))).toEqual([
      { level: 40, msg: 'a batch of sends failed; each send was tried again alone', size: 3, batches: 1, message: 'malformed array literal' },
      { level: 40, msg: 'a batch of sends failed; each send was tried again alone', size: 5, batches: 3, message: 'a minute on' },
    ]);
  });
});
