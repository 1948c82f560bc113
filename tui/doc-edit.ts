// Editing a doc in $EDITOR through the shared doc-save round (compare-and-set, three-way merge,
// queued in the outbox when the service cannot be reached). This face draws the choice on a
// conflict (take the merge, keep mine, edit again, discard mine) and runs the editor. Nothing typed
// is lost: the temp file stays until a save succeeds, and every failure says where.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { runDocSaveRound, type Doc, type DocRace, type DocRaceChoice, type OutboxEntry } from '../shared/index';
import { openInEditor, writeTempDoc } from '../term/editor';
import { describeError } from './format';
import { isOutboxSession, loadOutboxSession } from './hooks/use-outbox';
import type { Ui } from './ui-context';

export type ConflictChoice = 'take_merged' | 'keep_mine' | 'edit_again' | 'discard';

type Choose = (result: DocRace) => Promise<ConflictChoice | null>;

export interface DocEditDeps {
  ui: Pick<Ui, 'client' | 'me' | 'info' | 'showError' | 'withTerminalSuspended'>;
  choose: Choose;
  /** Runs the editor (tests replace nothing here: the real editor is $EDITOR); rejects when it fails. */
  edit?(file: string): Promise<void>;
}

export type DocEditOutcome = 'saved' | 'pull_request' | 'unchanged' | 'kept' | 'discarded' | 'queued';

export async function editDoc(doc: Doc, deps: DocEditDeps): Promise<DocEditOutcome> {
  const { ui } = deps;
  const edit = deps.edit ?? ((file: string) => openInEditor(file));
  const file = await writeTempDoc(doc.body);
  const keptAt = `Your text is kept in ${file}.`;
  const runEditor = async (): Promise<boolean> => {
    try {
      await ui.withTerminalSuspended(() => edit(file));
      return true;
    } catch (error) {
      const failed = describeError(error);
      ui.showError(new Error(`${failed.message} Nothing was saved.`), undefined);
      ui.info(`${failed.message} Nothing was saved. ${keptAt}`);
      return false;
    }
  };
  const done = async (outcome: DocEditOutcome, text: string) => {
    await rm(dirname(file), { recursive: true, force: true });
    ui.info(text);
    return outcome;
  };

  if (!(await runEditor())) return 'kept';
  const mine = await readFile(file, 'utf8');
  if (mine === doc.body) return done('unchanged', 'No changes; nothing to save.');

  const choose = async (race: DocRace): Promise<DocRaceChoice> => {
    const choice = await deps.choose(race);
    if (choice === null) return { kind: 'stop' };
    if (choice === 'take_merged' && race.kind === 'merged_clean') await writeFile(file, race.merged);
    if (choice !== 'edit_again') return { kind: choice === 'take_merged' && race.kind !== 'merged_clean' ? 'keep_mine' : choice };
    await writeFile(file, race.kind === 'conflict' ? race.conflictText : race.merged);
    if (!(await runEditor())) return { kind: 'stop' };
    return { kind: 'edited', text: await readFile(file, 'utf8') };
  };
  const queue = async (operation: Parameters<Parameters<typeof runDocSaveRound>[1]['queue']>[0]): Promise<OutboxEntry | undefined> => {
    const session = await loadOutboxSession(ui.client, ui.me);
    return isOutboxSession(session) ? (await session.send(operation)).entry : undefined;
  };

  const outcome = await runDocSaveRound({ doc, base: doc, mine }, { client: ui.client, choose, queue });
  switch (outcome.kind) {
    case 'saved':
      return done('saved', outcome.merged ? `Saved “${doc.title}” (merged with the newer version).` : `Saved “${doc.title}”.`);
    case 'already_saved':
      return done('saved', 'Someone saved the same text already; nothing left to save.');
    case 'pull_request':
      return done('pull_request', `This doc mirrors the rules file: your edit is pull request #${outcome.number} ${outcome.url}`);
    case 'unconfirmed':
      ui.info(`Sent “${doc.title}”: the service accepted it, but its answer was not understood; reopen the doc to check. ${keptAt}`);
      return 'kept';
    case 'queued':
      ui.info(`“${doc.title}” is not saved yet: the service cannot be reached; the save waits in the outbox and is merged and sent when it is back. ${keptAt}`, { sticky: true });
      return 'queued';
    case 'failed': {
      const d = describeError(outcome.error);
      ui.showError(Object.assign(new Error(`Could not save: ${d.message}`), { hint: `${d.hint} ${keptAt}` }));
      return 'kept';
    }
    case 'unresolved':
      await writeFile(file, outcome.mine);
      if (outcome.markersLeft) {
        ui.showError(Object.assign(new Error(`Not saved: conflict markers remain. ${keptAt}`), { hint: 'Resolve the <<<<<<< … ======= … >>>>>>> blocks: press e to edit again.' }));
      } else {
        // Said before anything else redraws, with the path first so a narrow line still shows it.
        ui.info(`Not saved; your text is kept in ${file} (someone else saved first; e edits again)`, { sticky: true });
      }
      return 'kept';
    case 'discarded':
      // Discarding is the person's explicit choice; the file stays so even that can be undone.
      ui.info(`Kept their version; your text stays in ${file} until you delete it.`);
      return 'discarded';
  }
}
