// What the person reads about docs, in one vscode-free place (the Docs tree shows GUEST_DOCS too).
import { docFileName } from './doc-uri';

export const GUEST_DOCS =
  'Docs are not available to guests in this workspace. Ask a workspace owner or admin for a member role to read and edit docs.';

export function pullRequestNotice(title: string, number: number, repeated: boolean): string {
  return repeated
    ? `This text of '${title}' is already proposed as pull request #${number}; no second pull request was opened.`
    : `Your edit of '${title}' was proposed as pull request #${number}: this doc mirrors the repository's rules file and changes when the pull request merges.`;
}

export function notSavedSuperseded(title: string, choice: 'take_merged' | 'discard_mine'): string {
  const what = choice === 'take_merged' ? 'took the merge' : "discarded your text for theirs";
  return `Not saved: this was the text of '${title}' from before you ${what} in the conflict prompt; saving it would drop the other person's edit. The editor now shows your choice: check it and save again.`;
}

export const UNRESOLVED_MARKERS =
  'Not saved: the text still has conflict markers (<<<<<<< mine … ======= … >>>>>>> theirs). Edit them away, or run "Workspace: Resolve Doc Conflict" to keep yours or take theirs.';

export function conflictPrompt(title: string, kind: 'merged_clean' | 'conflict', restored: boolean): string {
  const lead = restored ? `'${title}' still has an unresolved conflict from before the reload; your text is kept. ` : '';
  return kind === 'merged_clean'
    ? `${lead}Someone else saved '${title}' while you edited it. Both edits merge cleanly (see the diff): save the merged text?`
    : `${lead}Someone else saved '${title}' while you edited it, and the edits overlap. Take the merge (with conflict markers to finish in the editor), keep yours (overwrites theirs), or discard yours?`;
}

export const CHOICE_LABELS = {
  take_merged: 'Take merged',
  keep_mine: 'Keep mine (overwrite)',
  discard_mine: 'Discard mine',
} as const;

export function diffTitle(title: string, kind: 'merged_clean' | 'conflict'): string {
  return kind === 'merged_clean' ? `${docFileName(title)}: theirs ↔ merged` : `${docFileName(title)}: theirs ↔ mine`;
}

export const DELETE_DOC_PROMPT = (title: string, phrase: string) => `Type '${phrase}' to delete '${title}'. This cannot be undone.`;
