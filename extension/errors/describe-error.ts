// What to tell a person about a failure: message, hint and the next step, decided without vscode
// so it is unit-tested. show-error.ts turns it into a notification with buttons.
import { isApiError, isAbortError, ConfigError } from '../../shared/index';

export type NextStep = 'signIn' | 'openSettings' | 'useDemoService' | 'retry' | 'showLog';

export interface ErrorView {
  message: string;
  hint: string;
  /** Buttons, most useful first. */
  steps: NextStep[];
}

export const NEXT_STEP_LABELS: Record<NextStep, string> = {
  signIn: 'Sign in again',
  openSettings: 'Open settings',
  useDemoService: 'Use the local demo service',
  retry: 'Retry',
  showLog: 'Show log',
};

/** A failure the extension itself raises (not signed in, no service address, bad input). */
export class WscError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly steps: NextStep[] = [],
  ) {
    super(message);
    this.name = 'WscError';
  }
}

/**
 * `headline` is the whole sentence of what failed, localised at the call site ("Could not load the
 * tasks"); the error's own message follows it after a colon. '' gives the message alone (logs).
 */
export function describeError(error: unknown, headline: string): ErrorView {
  const prefix = headline ? `${headline}: ` : '';
  if (error instanceof WscError) return { message: prefix + error.message, hint: error.hint, steps: [...error.steps, 'showLog'] };
  if (isApiError(error)) {
    const steps: NextStep[] = [];
    if (error.code === 'unauthorized') steps.push('signIn');
    else if (error.code === 'network_error') steps.push('retry', 'openSettings', 'useDemoService');
    else if (error.code === 'rate_limited' || error.code === 'internal' || error.code === 'unexpected_response') steps.push('retry');
    steps.push('showLog');
    const hint =
      error.code === 'unauthorized'
        ? `${error.hint} Sign in again with a valid personal token.`.trim()
        : error.hint || 'See the Workspace log for details.';
    return { message: prefix + error.message, hint, steps };
  }
  if (error instanceof ConfigError) {
    return { message: prefix + error.message, hint: error.hint, steps: ['openSettings', 'showLog'] };
  }
  if (isAbortError(error)) return { message: `${prefix}cancelled.`, hint: 'Try again when ready.', steps: [] };
  const message = error instanceof Error ? error.message : String(error);
  return { message: prefix + message, hint: 'See the Workspace log for details, then try again.', steps: ['showLog'] };
}
