// What to tell a person about a failure: message, hint and the next step, decided without vscode
// so it is unit-tested. show-error.ts turns it into a notification with buttons.
import { isApiError, isAbortError, ConfigError } from '../../shared/index';
import { l10n } from '../l10n';

export type NextStep = 'signIn' | 'openSettings' | 'useDemoService' | 'retry' | 'showLog';

export interface ErrorView {
  message: string;
  hint: string;
  /** Buttons, most useful first. */
  steps: NextStep[];
}

/** A next step's button, localised (asked when shown: VS Code's bundle is loaded by then). */
export function nextStepLabel(step: NextStep): string {
  switch (step) {
    case 'signIn':
      return l10n.t('Sign in again');
    case 'openSettings':
      return l10n.t('Open settings');
    case 'useDemoService':
      return l10n.t('Use the local demo service');
    case 'retry':
      return l10n.t('Retry');
    case 'showLog':
      return l10n.t('Show log');
  }
}

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
  // "Could not sign in: Token revoked." — the join is the translator's too (French puts a space before the colon).
  const headed = (message: string) => (headline ? l10n.t('{0}: {1}', headline, message) : message);
  if (error instanceof WscError) return { message: headed(error.message), hint: error.hint, steps: [...error.steps, 'showLog'] };
  if (isApiError(error)) {
    const steps: NextStep[] = [];
    if (error.code === 'unauthorized') steps.push('signIn');
    else if (error.code === 'network_error') steps.push('retry', 'openSettings', 'useDemoService');
    else if (error.code === 'rate_limited' || error.code === 'internal' || error.code === 'unexpected_response') steps.push('retry');
    steps.push('showLog');
    const hint =
      error.code === 'unauthorized'
        ? `${error.hint} ${l10n.t('Sign in again with a valid personal token.')}`.trim()
        : error.hint || l10n.t('See the Workspace log for details.');
    return { message: headed(error.message), hint, steps };
  }
  if (error instanceof ConfigError) {
    return { message: headed(error.message), hint: error.hint, steps: ['openSettings', 'showLog'] };
  }
  if (isAbortError(error)) return { message: headline ? l10n.t('{0}: cancelled.', headline) : l10n.t('cancelled.'), hint: l10n.t('Try again when ready.'), steps: [] };
  const message = error instanceof Error ? error.message : String(error);
  return { message: headed(message), hint: l10n.t('See the Workspace log for details, then try again.'), steps: ['showLog'] };
}
