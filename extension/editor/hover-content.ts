// What a hover shows at an offset of a text, vscode-free: the reference there and its card from
// the cache, or null (no reference, or one the service does not know).
import { referenceAt, type TextReference } from '../../shared/index';
import { messageCardMarkdown, personCardMarkdown, taskCardMarkdown } from './reference-cards';
import type { ReferenceCache } from './reference-cache';

export interface HoverCard {
  reference: TextReference;
  markdown: string;
}

export async function cardFor(cache: Pick<ReferenceCache, 'task' | 'message' | 'person'>, ref: TextReference): Promise<string | null> {
  if (ref.kind === 'task') {
    const card = await cache.task(ref.ref);
    return card ? taskCardMarkdown(card) : null;
  }
  if (ref.kind === 'message') {
    const preview = await cache.message(ref.url);
    return preview ? messageCardMarkdown(preview) : null;
  }
  const person = await cache.person(ref.handle);
  return person ? personCardMarkdown(person) : null;
}

/** The card for the reference covering `offset` of `text`; `counts` may veto a reference by where it starts (code: outside comments and strings). */
export async function hoverCardAt(cache: Pick<ReferenceCache, 'task' | 'message' | 'person'>, text: string, offset: number, options: { markdown: boolean; counts?: (start: number) => boolean }): Promise<HoverCard | null> {
  const reference = referenceAt(text, offset, { markdown: options.markdown });
  if (!reference || (options.counts && !options.counts(reference.start))) return null;
  const markdown = await cardFor(cache, reference);
  return markdown ? { reference, markdown } : null;
}
