// The exit-code table of the script subcommands (also printed by `wsc help` and in README.md).
// No imports: `wsc help` and the dispatcher load this without the API layer.

export const EXIT = {
  ok: 0,
  generic: 1,
  usage: 2,
  unauthorized: 3,
  notFound: 4,
  conflict: 5,
  unavailable: 6,
  rateLimited: 7,
  queued: 8,
} as const;

export const EXIT_CODE_TABLE: ReadonlyArray<readonly [number, string]> = [
  [EXIT.ok, 'success'],
  [EXIT.generic, 'any other failure'],
  [EXIT.usage, 'usage: unknown flag, missing argument, input refused before sending, or invalid_request'],
  [EXIT.unauthorized, 'not connected: unauthorized, or no URL/token configured (config_error)'],
  [EXIT.notFound, 'not_found or permission_required'],
  [EXIT.conflict, 'conflict (e.g. a doc changed since it was read; unresolved merge)'],
  [EXIT.unavailable, 'network_error, internal or unexpected_response: the service could not be reached or failed'],
  [EXIT.rateLimited, 'rate_limited: wait and retry'],
  [EXIT.queued, 'queued in the outbox, not sent yet: the service could not be reached (wsc outbox retry sends it)'],
];

const BY_CODE: Readonly<Record<string, number>> = {
  usage: EXIT.usage,
  invalid_request: EXIT.usage,
  unauthorized: EXIT.unauthorized,
  config_error: EXIT.unauthorized,
  not_found: EXIT.notFound,
  permission_required: EXIT.notFound,
  conflict: EXIT.conflict,
  network_error: EXIT.unavailable,
  internal: EXIT.unavailable,
  unexpected_response: EXIT.unavailable,
  rate_limited: EXIT.rateLimited,
};

export function exitCodeForCode(code: string | undefined): number {
  return (code !== undefined ? BY_CODE[code] : undefined) ?? EXIT.generic;
}

/** By the error's `code` (ApiError, ConfigError, CliError); anything else is generic. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return exitCodeForCode(error.code);
  return EXIT.generic;
}
