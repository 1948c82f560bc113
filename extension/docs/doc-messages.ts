// What the person reads about docs, in one vscode-free place (the Docs tree shows guestDocs() too).
// Functions, not constants: the words are looked up once the extension has handed over l10n.t.
import { l10n } from '../l10n';
import { docFileName } from './doc-uri';

export const guestDocs = (): string =>
  l10n.t('Docs are not available to guests in this workspace. Ask a workspace owner or admin for a member role to read and edit docs.');

export function pullRequestNotice(title: string, number: number, repeated: boolean): string {
  return repeated
    ? l10n.t("This text of '{0}' is already proposed as pull request #{1}; no second pull request was opened.", title, number)
    : l10n.t("Your edit of '{0}' was proposed as pull request #{1}: this doc mirrors the repository's rules file and changes when the pull request merges.", title, number);
}

export function notSavedSuperseded(title: string, choice: 'take_merged' | 'discard_mine'): string {
  return choice === 'take_merged'
    ? l10n.t("Not saved: this was the text of '{0}' from before you took the merge in the conflict prompt; saving it would drop the other person's edit. The editor now shows your choice: check it and save again.", title)
    : l10n.t("Not saved: this was the text of '{0}' from before you discarded your text for theirs in the conflict prompt; saving it would drop the other person's edit. The editor now shows your choice: check it and save again.", title);
}

export const unresolvedMarkers = (): string =>
  l10n.t('Not saved: the text still has conflict markers (<<<<<<< mine … ======= … >>>>>>> theirs). Edit them away, or run "Workspace: Resolve Doc Conflict" to keep yours or take theirs.');

export function conflictPrompt(title: string, kind: 'merged_clean' | 'conflict', restored: boolean): string {
  const prompt =
    kind === 'merged_clean'
      ? l10n.t("Someone else saved '{0}' while you edited it. Both edits merge cleanly (see the diff): save the merged text?", title)
      : l10n.t("Someone else saved '{0}' while you edited it, and the edits overlap. Take the merge (with conflict markers to finish in the editor), keep yours (overwrites theirs), or discard yours?", title);
  return restored ? l10n.t("'{0}' still has an unresolved conflict from before the reload; your text is kept. {1}", title, prompt) : prompt;
}

export const choiceLabels = () =>
  ({
    take_merged: l10n.t('Take merged'),
    keep_mine: l10n.t('Keep mine (overwrite)'),
    discard_mine: l10n.t('Discard mine'),
  }) as const;

export function diffTitle(title: string, kind: 'merged_clean' | 'conflict'): string {
  return kind === 'merged_clean' ? l10n.t('{0}: theirs ↔ merged', docFileName(title)) : l10n.t('{0}: theirs ↔ mine', docFileName(title));
}

export const DELETE_DOC_PROMPT = (title: string, phrase: string) => l10n.t("Type '{0}' to delete '{1}'. This cannot be undone.", phrase, title);
