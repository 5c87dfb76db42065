import pino, { type Logger } from 'pino';

/** JSON logs; auth headers and passwords are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', '*.password', '*.token', 'password', 'token'], censor: '[redacted]' },
  });
}
