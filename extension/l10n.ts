// vscode.l10n.t for the vscode-free files (their flows are unit-tested without VS Code): the
// extension hands over VS Code's own at start (context.ts); until then, and in unit tests, the
// English message with {0}, {1}… filled in, as vscode.l10n.t gives when no bundle is loaded.
export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

const english: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole));

let translate: Translate = english;

export const l10n = {
  t: (message: string, ...args: (string | number | boolean)[]): string => translate(message, ...args),
};

export function translateWith(t: Translate): void {
  translate = t;
}
