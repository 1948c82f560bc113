/** A configuration problem the person fixes locally: what happened, and what to do next. */
export class ConfigError extends Error {
  readonly hint: string;
  readonly code = 'config_error';

  constructor(message: string, hint: string) {
    super(message);
    this.name = 'ConfigError';
    this.hint = hint;
  }

  override toString(): string {
    return `${this.message} ${this.hint}`;
  }
}
