import pino from 'pino';
import { batchRetryWarning } from '../src/storage/batch-retry-warning';

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

    warn(withCode(new Error('malformed array literal'), '22P02'), 3);
    clock += 30_000;
    warn(withCode(new Error('again'), '22P02'), 2);
    warn(new Error('and again'), 4);
    clock += 30_000;
    warn(new Error('a minute on'), 5);

    expect(lines.map(({ level, msg, code, size, batches }) => ({ level, msg, code, size, batches }))).toEqual([
      { level: 40, msg: 'a batch of sends failed; each send was tried again alone', code: '22P02', size: 3, batches: 1 },
      { level: 40, msg: 'a batch of sends failed; each send was tried again alone', code: null, size: 5, batches: 3 },
    ]);
  });

  it("never writes the error's text, which quotes the batch's message contents", () => {
    const { lines, logger } = capturedLogger();
    const refused = withCode(new Error('malformed array literal: "{\\"dear diary, my secret\\",\\"hi\\"}"'), '22P02');

    batchRetryWarning(logger)(refused, 2);

    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

const withCode = (error: Error, code: string): Error => Object.assign(error, { code });
