// Editing a doc in $EDITOR with a compare-and-set save. On a conflict the person chooses: take the
// merged text, keep mine (overwrite theirs), edit the (conflict) text again, or discard mine.
// Nothing typed is lost: the temp file stays until a save succeeds, and every failure says where.
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { hasConflictMarkers, saveDoc, type Doc, type SaveDocResult } from '../shared/index';
import { openInEditor, writeTempDoc } from '../term/editor';
import { describeError } from './format';
import type { Ui } from './ui-context';
import { writeFile } from 'node:fs/promises';

export type ConflictChoice = 'take_merged' | 'keep_mine' | 'edit_again' | 'discard';

type Choose = (result: Extract<SaveDocResult, { kind: 'merged_clean' | 'conflict' }>) => Promise<ConflictChoice | null>;

export interface DocEditDeps {
  ui: Pick<Ui, 'client' | 'info' | 'showError' | 'withTerminalSuspended'>;
  choose: Choose;
  /** Runs the editor (tests replace nothing here: the real editor is $EDITOR); rejects when it fails. */
  edit?(file: string): Promise<void>;
}

export type DocEditOutcome = 'saved' | 'pull_request' | 'unchanged' | 'kept' | 'discarded';

export async function editDoc(doc: Doc, deps: DocEditDeps): Promise<DocEditOutcome> {
  const { ui } = deps;
  const edit = deps.edit ?? ((file: string) => openInEditor(file));
  const file = await writeTempDoc(doc.body);
  const keptAt = `Your text is kept in ${file}.`;
  let base: Pick<Doc, 'body' | 'updated_at'> = { body: doc.body, updated_at: doc.updated_at };
  let needEditor = true;
  let mine = doc.body;

  const done = async (outcome: DocEditOutcome, text: string) => {
    await rm(dirname(file), { recursive: true, force: true });
    ui.info(text);
    return outcome;
  };

  for (;;) {
    if (needEditor) {
      try {
        await ui.withTerminalSuspended(() => edit(file));
      } catch (error) {
        const failed = describeError(error);
        ui.showError(new Error(`${failed.message} Nothing was saved.`), undefined);
        ui.info(`${failed.message} Nothing was saved. ${keptAt}`);
        return 'kept';
      }
      mine = await readFile(file, 'utf8');
      if (mine === base.body) return done('unchanged', 'No changes; nothing to save.');
      if (hasConflictMarkers(mine)) {
        ui.showError(
          Object.assign(new Error(`Not saved: conflict markers remain. ${keptAt}`), {
            hint: 'Resolve the <<<<<<< … ======= … >>>>>>> blocks: press e to edit again.',
          }),
        );
        return 'kept';
      }
    }
    needEditor = false;
    const result = await saveDoc(ui.client, { id: doc.id, base, mine });
    switch (result.kind) {
      case 'saved':
        return done('saved', `Saved “${doc.title}”.`);
      case 'already_saved':
        return done('saved', 'Someone saved the same text already; nothing left to save.');
      case 'pull_request':
        return done('pull_request', `This doc mirrors the rules file: your edit is pull request #${result.number} ${result.url}`);
      case 'unconfirmed':
        ui.info(`Sent “${doc.title}”: the service accepted it, but its answer was not understood; reopen the doc to check. ${keptAt}`);
        return 'kept';
      case 'failed': {
        const d = describeError(result.error);
        ui.showError(Object.assign(new Error(`Could not save: ${d.message}`), { hint: `${d.hint} ${keptAt}` }));
        return 'kept';
      }
      case 'merged_clean':
      case 'conflict': {
        const choice = await deps.choose(result);
        base = { body: result.theirs.body, updated_at: result.theirs.updated_at };
        if (choice === null) {
          // Said before anything else redraws, with the path first so a narrow line still shows it;
          // it stays on the line until something replaces it (the text is only in that file now).
          ui.info(`Not saved; your text is kept in ${file} (someone else saved first; e edits again)`, { sticky: true });
          return 'kept';
        }
        if (choice === 'discard') {
          // Discarding is the person's explicit choice; the file stays so even that can be undone.
          ui.info(`Kept their version; your text stays in ${file} until you delete it.`);
          return 'discarded';
        }
        if (choice === 'take_merged' && result.kind === 'merged_clean') {
          mine = result.merged;
          await writeFile(file, mine);
        } else if (choice === 'edit_again') {
          await writeFile(file, result.kind === 'conflict' ? result.conflictText : result.merged);
          needEditor = true;
        }
        // keep_mine: save `mine` over theirs (base is now theirs).
        continue;
      }
    }
  }
}
