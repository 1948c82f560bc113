// How a message's author is named, the same in every face (terminal UI, CLI, VS Code's webviews):
// the name, the handle where a face has room for it, and the agent mark. A leaf with no runtime
// imports: the webview scripts in media/ use it too. Plain text: a terminal face sanitises it.

/** Said after an agent's name everywhere, so an agent reads as one without colour or icons. */
export const AGENT_MARK = '[agent]';

export interface AuthorLike {
  readonly name?: string | null;
  readonly handle?: string | null;
  readonly kind?: string | null;
}

export interface AuthorLabelOptions {
  /** Also `(@handle)` (the CLI, where a script greps handles); never an empty `(@)`. */
  readonly withHandle?: boolean;
}

/** `Alice Chen`, `Scout [agent]`, or with the handle `Alice Chen (@alice)`; a missing name falls back to the handle, then "unknown author". */
export function authorLabel(author: AuthorLike | null | undefined, options: AuthorLabelOptions = {}): string {
  const name = author?.name?.trim() ?? '';
  const handle = author?.handle?.trim() ?? '';
  const agent = author?.kind === 'agent' ? ` ${AGENT_MARK}` : '';
  if (name === '') return `${handle ? `@${handle}` : 'unknown author'}${agent}`;
  return `${name}${options.withHandle && handle ? ` (@${handle})` : ''}${agent}`;
}
