// Copying to the clipboard of the terminal the person sits at (also over ssh and in tmux with
// set-clipboard on): OSC 52, which most terminals honour; the text is also shown, for those that do not.

/** The OSC 52 sequence that puts `text` on the system clipboard. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

export function copyToClipboard(text: string, out: NodeJS.WritableStream = process.stdout): void {
  out.write(osc52(text));
}
