// The order of wsc.signIn's questions and what each answer leads to; vscode-free (the prompts, the
// settings and the session come in as `SignInSteps`, so tests drive it without an editor).
import type { Identity } from '../../shared/index';
import { l10n } from '../l10n';

/** `wsc.signIn` argument (tests and other tools): skips the prompts. */
export interface SignInArgs {
  token?: string;
  serviceUrl?: string;
}

export interface SignInSteps {
  /** The configured service address ('' when none). */
  serviceUrl(): string;
  writeServiceUrl(url: string): Promise<void>;
  /** undefined: the person cancelled. */
  askServiceUrl(): Promise<string | undefined>;
  askToken(serviceUrl: string): Promise<string | undefined>;
  signIn(token: string): Promise<Identity>;
  notify(message: string): void;
}

/** Signs in; undefined when the person cancelled a question. Errors are the caller's to show. */
export async function signInFlow(steps: SignInSteps, args?: SignInArgs): Promise<Identity | undefined> {
  if (args?.serviceUrl) await steps.writeServiceUrl(withoutTrailingSlash(args.serviceUrl));
  if (!steps.serviceUrl()) {
    const url = await steps.askServiceUrl();
    if (!url) return undefined;
    await steps.writeServiceUrl(url);
  }
  const token = args?.token ?? (await steps.askToken(steps.serviceUrl()));
  if (token === undefined) return undefined;
  const identity = await steps.signIn(token);
  // A token passed in (tests, other tools) signs in quietly.
  if (!args?.token) steps.notify(signedInMessage(identity));
  return identity;
}

export function signedInMessage(identity: Identity): string {
  return l10n.t('Signed in as {0} (@{1}) to {2}.', identity.name, identity.handle, identity.workspace);
}

export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The service address box's verdict: undefined when it is an http(s) address. */
export function serviceUrlInputError(value: string): string | undefined {
  return /^https?:\/\/[^/\s]+/.test(value.trim()) ? undefined : l10n.t('Enter an http(s) address, e.g. {0}', 'http://127.0.0.1:8787');
}

/** What the service address box's answer means: the address without trailing slashes, or undefined. */
export function serviceUrlAnswer(value: string | undefined): string | undefined {
  return value ? withoutTrailingSlash(value.trim()) || undefined : undefined;
}

export function tokenInputError(value: string): string | undefined {
  return value.trim() ? undefined : l10n.t('Paste a personal token.');
}

export function tokenAnswer(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}
