import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths whose values never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.apiKey',
  '*.secret',
  'password',
  'token',
];

export type CreateLoggerOptions = {
  level?: string;
  /** Write somewhere other than stdout (tests capture lines this way). */
  destination?: pino.DestinationStream;
  pretty?: boolean;
};

/** pino with redaction; pretty output only when stdout is a terminal. */
export function createLogger(service: string, options: CreateLoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  const pretty = options.pretty ?? (process.stdout.isTTY && !options.destination);
  const config: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (options.destination) return pino(config, options.destination);
  if (pretty) {
    return pino({
      ...config,
      transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } },
    });
  }
  return pino(config);
}
