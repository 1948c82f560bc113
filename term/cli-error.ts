// Errors the command line raises itself: a message, a concrete next step and a code that maps to an exit code.

export class CliError extends Error {
  readonly code: string;
  readonly hint: string;

  constructor(code: string, message: string, hint: string) {
    super(message);
    this.name = 'CliError';
    this.code = code;
    this.hint = hint;
  }
}

/** A usage mistake: exit code 2. */
export function usageError(message: string, hint: string): CliError {
  return new CliError('usage', message, hint);
}
