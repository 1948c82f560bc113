// What the Markdown renderers refuse to parse: a message nested deeper than any person writes
// ("> - " ×964 overflowed marked's stack and took a whole channel down) or longer than the service
// takes. Such a message is shown as plain text instead; so is any message whose parse throws.

/** The service's own limit on a message body (the spec's 40,000 characters). */
export const MAX_MARKDOWN_CHARS = 40_000;
/** Quote and list levels a line may open; real messages use a handful. */
export const MAX_MARKDOWN_NESTING = 16;

const CONTAINER = /^[ \t]{0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;

/** The deepest run of quote/list markers that opens any line. */
export function markdownNesting(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split('\n')) {
    let rest = line;
    let depth = 0;
    for (let m = CONTAINER.exec(rest); m !== null && m[0] !== ''; m = CONTAINER.exec(rest)) {
      depth++;
      rest = rest.slice(m[0].length);
      if (depth > MAX_MARKDOWN_NESTING) return depth;
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** Whether the text may go to the Markdown parser at all. */
export function parsableMarkdown(markdown: string): boolean {
  return markdown.length <= MAX_MARKDOWN_CHARS && markdownNesting(markdown) <= MAX_MARKDOWN_NESTING;
}
