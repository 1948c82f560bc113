import * as vscode from 'vscode';
import { redact, redactingLogger, type Logger, type LogFields } from '../shared/index';

/** The shared layer's Logger on top of the LogOutputChannel; every line passes redact(). */
export function loggerFor(channel: vscode.LogOutputChannel, secrets: () => readonly string[]): Logger {
  const line = (message: string, fields?: LogFields) =>
    fields && Object.keys(fields).length > 0 ? `${message} ${JSON.stringify(fields)}` : message;
  const inner: Logger = {
    debug: (m, f) => channel.debug(redact(line(m, f), secrets())),
    info: (m, f) => channel.info(redact(line(m, f), secrets())),
    warn: (m, f) => channel.warn(redact(line(m, f), secrets())),
    error: (m, f) => channel.error(redact(line(m, f), secrets())),
  };
  return redactingLogger(inner);
}
