import pino, { type DestinationStream, type Logger } from 'pino';
import { logSafeError } from './log-safe-error';

/**
 * JSON logs; auth headers and passwords are redacted wherever they appear, and an error is logged
 * without the SQL or the parameters a database driver attaches to it.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: ['req.headers.authorization', '*.password', '*.token', 'password', 'token'], censor: '[redacted]' },
    serializers: { err: logSafeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
