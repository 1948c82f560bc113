import { redact, redactValue } from './redact';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** Wraps a logger so that every line and field passes through redact() first. */
export function redactingLogger(inner: Logger, secrets: readonly string[] = []): Logger {
  const wrap =
    (level: keyof Logger) =>
    (message: string, fields?: LogFields): void => {
      const safeFields = fields === undefined ? undefined : (redactValue(fields, secrets) as LogFields);
      inner[level](redact(message, secrets), safeFields);
    };
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
