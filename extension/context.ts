// The service container handed to every feature module: the signed-in client, the log, the
// session and its change event, settings, error display. Features never build their own Client.
import { accountStoreRoot } from './offline/account-store';
import * as vscode from 'vscode';
import { describeOutboxOperation, isApiError, type Client, type LiveCue, type Logger, type OutboxOperation, type OutboxSendOutcome, type OutboxSession } from '../shared/index';
import { AuthSession, serviceUnreachable, type SessionState } from './auth/auth-session';
import { affectsConnection, readConfig, writeServiceUrl, type WscConfig } from './config';
import { showError } from './errors/show-error';
import { translateWith } from './l10n';
import { loggerFor } from './log';

export interface WscServices {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  /** The shared layer's Logger onto the log channel, tokens redacted. */
  readonly logger: Logger;
  readonly auth: AuthSession;
  /** Sign-in, sign-out, and a change of service URL or client name. */
  readonly onDidChangeSession: vscode.Event<SessionState>;
  /**
   * While signed in, each cue of the live waker (a doorbell wake, a (re)subscription, the interval):
   * refresh what you show, reading after its newest cursor.
   */
  readonly onLiveCue: vscode.Event<LiveCue>;
  /** The mentions feature passes its feed's cues on through this. */
  emitLiveCue(cue: LiveCue): void;
  config(): WscConfig;
  /** Adds disposables to context.subscriptions (everything a feature registers goes here). */
  register(...disposables: vscode.Disposable[]): void;
  /**
   * "headline: message hint" + next step (401: "Sign in again"), and a log line. `headline` is one
   * whole localised sentence: `vscode.l10n.t('Could not load the tasks')`.
   */
  showError(error: unknown, headline: string, retry?: () => unknown): Promise<void>;
  /**
   * Runs `fn` with the signed-in client. Any failure is shown (a 401 also ends the session) and
   * the result is undefined; `headline` is the failure's localised sentence ("Could not …").
   */
  withClient<T>(headline: string, fn: (client: Client) => Promise<T>): Promise<T | undefined>;
  /**
   * A write through the account's outbox session (the one send policy, shared/session): sent now,
   * or queued while the service cannot be reached (said in the status bar). A refusal is shown
   * (and dropped: the person still has the text) under `headline` and gives undefined.
   */
  sendWrite(headline: string, operation: OutboxOperation): Promise<Extract<OutboxSendOutcome, { kind: 'sent' | 'queued' }> | undefined>;
  /** The outbox feature hands over the signed-in account's session. */
  useOutbox(current: () => OutboxSession | undefined): void;
  /** WSC_TEST_MODE=1: activate() returns the test API. */
  readonly testMode: boolean;
}

export function createServices(context: vscode.ExtensionContext): WscServices {
  translateWith(vscode.l10n.t);
  const log = vscode.window.createOutputChannel('Workspace', { log: true });
  context.subscriptions.push(log);
  // The logger redacts the current token, which the session (built with this logger) holds.
  const holder: { session?: AuthSession } = {};
  const logger = loggerFor(log, () => holder.session?.secretValues() ?? []);
  const session = new AuthSession(context.secrets, logger, readConfig, accountStoreRoot(context), context.globalState, writeServiceUrl);
  holder.session = session;
  context.subscriptions.push(session);
  let currentOutbox: () => OutboxSession | undefined = () => undefined;
  const liveCues = new vscode.EventEmitter<LiveCue>();
  context.subscriptions.push(liveCues);

  const services: WscServices = {
    context,
    log,
    logger,
    auth: session,
    onDidChangeSession: session.onDidChange,
    onLiveCue: liveCues.event,
    emitLiveCue: (cue) => liveCues.fire(cue),
    config: readConfig,
    register: (...disposables) => context.subscriptions.push(...disposables),
    showError: (error, headline, retry) => showError(log, error, headline, retry),
    async withClient(headline, fn) {
      try {
        return await fn(session.requireClient());
      } catch (error) {
        if (isApiError(error) && error.code === 'unauthorized') await session.expire();
        if (serviceUnreachable(error)) session.reportUnreachable();
        void services.showError(error, headline);
        return undefined;
      }
    },
    async sendWrite(headline, operation) {
      const outbox = currentOutbox();
      if (!outbox) {
        void services.showError(session.notSignedInError(), headline);
        return undefined;
      }
      try {
        const outcome = await (await outbox.send(operation, { dropRefused: true })).settled;
        if (outcome.kind === 'sent') return outcome;
        if (outcome.kind === 'queued') {
          vscode.window.setStatusBarMessage(`$(outbox) ${vscode.l10n.t('{0}: waits in the outbox, sent when the service is back', describeOutboxOperation(operation))}`, 8000);
          return outcome;
        }
        if (outcome.kind === 'refused') void services.showError(outcome.error ?? Object.assign(new Error(outcome.reason.message), { hint: outcome.reason.hint }), headline);
        return undefined;
      } catch (error) {
        void services.showError(error, headline);
        return undefined;
      }
    },
    useOutbox(current) {
      currentOutbox = current;
    },
    testMode: process.env.WSC_TEST_MODE === '1',
  };

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsConnection(e)) void restoreSession(services);
    }),
  );
  return services;
}

/** Signs in with the stored token of the configured service; failures are shown, not thrown. */
export async function restoreSession(services: WscServices): Promise<void> {
  try {
    await services.auth.restore();
  } catch (error) {
    await services.showError(error, vscode.l10n.t('Could not restore your workspace session'), () => restoreSession(services));
  }
}
