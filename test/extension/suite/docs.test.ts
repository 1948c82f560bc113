// Docs as wsc-doc files inside the real VS Code, against the local service.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ConflictChoice } from '../../../extension/docs/conflict-choice';
import type { ConflictResolved } from '../../../extension/docs/doc-conflict-ui';
import type { DocSaveOutcome } from '../../../extension/docs/doc-save-flow';
import { guestDocs } from '../../../extension/docs/doc-messages';
import { DIRTY_BASES_KEY } from '../../../extension/docs/dirty-bases';
import { PENDING_CONFLICTS_KEY, PendingConflicts, type PendingConflict } from '../../../extension/docs/pending-conflicts';
import type { WscTestApi } from '../../../extension/test-api';
import { asOther, FIXTURE, serviceUrl, signedIn, waitFor } from './support';
import { workbenchNotifications } from './webview-driver';

const ONBOARDING = 'd0000000-0000-4000-8000-000000000002';
const DEPLOY_GUIDE = 'd0000000-0000-4000-8000-000000000003';
const RULES_FILE = 'd0000000-0000-4000-8000-000000000004';
const HANDBOOK = 'd0000000-0000-4000-8000-000000000001';
const OTHER = FIXTURE.adminToken;

interface ServiceDoc {
  id: string;
  title: string;
  body: string;
  parent_id: string | null;
  updated_at: string;
}

const serviceDoc = (id: string) => asOther<ServiceDoc>(OTHER, 'GET', `/api/v1/docs/${id}`);
const otherSaves = (id: string, body: string) => asOther(OTHER, 'PATCH', `/api/v1/docs/${id}`, { body });

let api: WscTestApi;

async function openDoc(id: string): Promise<vscode.TextDocument> {
  const doc = await serviceDoc(id);
  await vscode.commands.executeCommand('wsc.docs.open', { id, title: doc.title });
  const editor = await waitFor('the doc editor', () =>
    vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'wsc-doc' && e.document.uri.query === `id=${id}`),
  );
  return editor.document;
}

async function replaceAll(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.equal(document.getText(), text, 'the edit reached the document the test holds');
}

function nextSave(docId: string): Promise<DocSaveOutcome> {
  return new Promise((resolve) => {
    const sub = api.docs.editing.onDidSave((e) => {
      if (e.docId !== docId) return;
      sub.dispose();
      resolve(e.outcome);
    });
  });
}

function nextResolution(docId: string): Promise<ConflictResolved> {
  return new Promise((resolve) => {
    const sub = api.docs.editing.conflicts.onDidResolve((e) => {
      if (e.docId !== docId) return;
      sub.dispose();
      resolve(e);
    });
  });
}

/** The test hook standing in for the person's click: records what was offered and answers `choice`. */
function chooseWith(choice: ConflictChoice | undefined, seen: PendingConflict[] = []): PendingConflict[] {
  api.docs.editing.conflicts.chooser = async (conflict) => {
    seen.push(conflict);
    return choice;
  };
  return seen;
}

const diffTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'wsc-doc-version');

const tabOf = (document: vscode.TextDocument) =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString());

/** Runs `body` with auto save after `delayMs`, restoring the settings after. */
async function withAutoSave(delayMs: number, body: () => Promise<void>): Promise<void> {
  const files = vscode.workspace.getConfiguration('files');
  await files.update('autoSaveDelay', delayMs, vscode.ConfigurationTarget.Global);
  await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
  try {
    await body();
  } finally {
    await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
  }
}

async function closeAllEditors(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'wsc-doc' && d.isDirty)) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

suite('docs as files', () => {
  suiteSetup(async () => {
    api = await signedIn();
  });
  teardown(async () => {
    chooseWith(undefined);
    await closeAllEditors();
  });

  test('a doc opens as a Markdown file; an edit saves with compare-and-set', async () => {
    const document = await openDoc(DEPLOY_GUIDE);
    const before = await serviceDoc(DEPLOY_GUIDE);
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.getText(), before.body);
    // The title is the path (tab, breadcrumbs, hover); the id is in the query, not a folder.
    assert.equal(document.uri.path, '/Deploy guide.md');
    assert.equal(document.uri.query, 'id=d0000000-0000-4000-8000-000000000003');

    await replaceAll(document, before.body + '3. Celebrate.\n');
    const saved = nextSave(DEPLOY_GUIDE);
    const ok = await document.save();
    if (!ok) {
      const outcome = await Promise.race([saved, new Promise((resolve) => setTimeout(() => resolve('no save reached the provider'), 1000))]);
      assert.fail(`the save failed: ${JSON.stringify(outcome)}; dirty=${document.isDirty}, closed=${document.isClosed}`);
    }
    assert.equal((await saved).kind, 'saved');
    const after = await serviceDoc(DEPLOY_GUIDE);
    assert.equal(after.body, before.body + '3. Celebrate.\n');
    assert.notEqual(after.updated_at, before.updated_at);
    assert.equal(document.isDirty, false);
  });

  test('someone saves meanwhile: a clean merge is offered and saved on consent', async () => {
    const document = await openDoc(DEPLOY_GUIDE);
    const base = document.getText();
    await otherSaves(DEPLOY_GUIDE, 'Intro by someone else.\n\n' + base);
    await replaceAll(document, base + '4. Rest.\n');

    const seen: PendingConflict[] = [];
    let diffShown = false;
    api.docs.editing.conflicts.chooser = async (conflict) => {
      seen.push(conflict);
      diffShown = diffTabs().length > 0;
      return 'take_merged';
    };
    const resolved = nextResolution(DEPLOY_GUIDE);
    const firstSave = nextSave(DEPLOY_GUIDE);
    // The save ends as written: the text is kept in the conflict record and the merge prompt is
    // the one notification (a refused write would add VS Code's "Failed to save").
    assert.equal(await document.save(), true);
    assert.equal((await firstSave).kind, 'needs_resolution');
    assert.equal((await resolved).saved, true);
    assert.equal(seen[0]?.kind, 'merged_clean');

    const expected = 'Intro by someone else.\n\n' + base + '4. Rest.\n';
    assert.equal((await serviceDoc(DEPLOY_GUIDE)).body, expected);
    assert.equal(document.getText(), expected);
    assert.equal(document.isDirty, false);
    assert.deepEqual(api.docs.editing.flow.pending.all(), []);
    assert.ok(diffShown, 'the diff is beside the prompt');
    await waitFor('the diff tab to close after the choice', () => diffTabs().length === 0);
  });

  test('a conflict ends the save at once: no write left pending, the text kept in the editor and the conflict record', async () => {
    // A doc of its own: a doc another test just closed may still be re-read when it is opened again.
    const docId = await vscode.commands.executeCommand<string>('wsc.newDoc', { title: 'Ended conflict', parentId: HANDBOOK, body: '# Steps\n\n1. Merge.\n2. Tag.\n' });
    const document = await openDoc(docId);
    const base = document.getText();
    assert.equal(base, '# Steps\n\n1. Merge.\n2. Tag.\n');
    const mine = base.replace('2. Tag.', '2. Tag (mine).');
    await otherSaves(docId, base.replace('2. Tag.', '2. Tag (theirs).'));
    await replaceAll(document, mine);

    // The person leaves the prompt open: the save still ends, as written (the text is in the
    // persisted conflict record; the prompt, not VS Code's "Failed to save", says what happened).
    const seen = chooseWith(undefined);
    const outcome = nextSave(docId);
    assert.equal(await document.save(), true);
    assert.equal((await outcome).kind, 'needs_resolution');
    await waitFor('the designed prompt', () => seen.length > 0);
    assert.equal(api.docs.editing.provider.isWriting(document.uri), false, 'no write is left pending');
    assert.equal(document.getText(), mine, "the person's text is untouched");
    assert.equal((await serviceDoc(docId)).body, base.replace('2. Tag.', '2. Tag (theirs).'));
    assert.equal(api.docs.editing.flow.pending.get(docId)?.mine, mine);

    // Resolved later from the prompt: the editor shows theirs, clean.
    const conflict = api.docs.editing.flow.pending.get(docId);
    assert.ok(conflict);
    await api.docs.editing.conflicts.apply(conflict, 'discard_mine');
    await waitFor('the editor to show theirs, clean', () => !document.isDirty && document.getText().includes('2. Tag (theirs).'));
  });

  test('overlapping edits: the conflict is persisted, survives a reload, and keep mine overwrites deliberately', async () => {
    const document = await openDoc(ONBOARDING);
    const base = document.getText();
    const mine = base.replace('Read the deploy guide first.', 'Read the deploy guide first (mine).');
    await otherSaves(ONBOARDING, base.replace('Read the deploy guide first.', 'Read the deploy guide first (theirs).'));
    await replaceAll(document, mine);

    // The person dismisses the prompt, then the window reloads: the editor's text is gone.
    const seen = chooseWith(undefined);
    const firstSave = nextSave(ONBOARDING);
    assert.equal(await document.save(), true, 'the save ends as written, mine kept in the conflict record');
    assert.equal((await firstSave).kind, 'needs_resolution');
    await waitFor('the prompt', () => seen.length > 0);
    assert.equal(seen[0]?.kind, 'conflict');
    const stored = api.services.context.globalState.get<PendingConflict[]>(PENDING_CONFLICTS_KEY) ?? [];
    assert.equal(stored.find((p) => p.docId === ONBOARDING)?.mine, mine, 'mine is persisted before anything is shown');
    await closeAllEditors();

    // After the reload, a fresh store over the same globalState finds it; restoring offers it again.
    assert.equal(new PendingConflicts(api.services.context.globalState).get(ONBOARDING)?.mine, mine);
    const offered = chooseWith('keep_mine');
    const resolved = nextResolution(ONBOARDING);
    await api.docs.editing.conflicts.restore();
    assert.equal((await resolved).saved, true);
    assert.equal(offered.length, 1);
    assert.equal((await serviceDoc(ONBOARDING)).body, mine);
    assert.equal(api.docs.editing.flow.pending.get(ONBOARDING), undefined);
  });

  test('with auto save on, a conflict found by an auto save is resolved with keep mine and saved', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 1, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const document = await openDoc(ONBOARDING);
      const base = document.getText();
      // Both add a first line: overlapping edits (earlier tests leave the doc changed, so no fixed text is assumed).
      const mine = 'Mine first, auto saved.\n' + base;
      await otherSaves(ONBOARDING, 'Theirs first.\n' + base);
      const offered = chooseWith('keep_mine');
      const resolved = nextResolution(ONBOARDING);
      await replaceAll(document, mine);
      // No explicit save: the auto save meets the conflict; keep mine saves while auto saves keep coming.
      const resolution = await resolved;
      assert.equal(resolution.choice, 'keep_mine');
      assert.equal(resolution.saved, true);
      assert.equal(offered[0]?.kind, 'conflict');
      assert.equal((await serviceDoc(ONBOARDING)).body, mine);
      await waitFor('the editor to be clean', () => !document.isDirty);
      assert.equal(api.docs.editing.flow.pending.get(ONBOARDING), undefined);
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('take merged on overlapping edits puts conflict markers in the editor and refuses to save them', async () => {
    const document = await openDoc(ONBOARDING);
    const base = document.getText();
    await otherSaves(ONBOARDING, base + 'Theirs at the end.\n');
    await replaceAll(document, base + 'Mine at the end.\n');
    chooseWith('take_merged');
    const resolved = nextResolution(ONBOARDING);
    const first = nextSave(ONBOARDING);
    // The save ends as written (its result also depends on the choice having changed the text meanwhile).
    await document.save();
    assert.equal((await first).kind, 'needs_resolution');
    assert.equal((await resolved).saved, false);
    assert.match(document.getText(), /^<<<<<<< mine$/m);

    await vscode.commands.executeCommand('notifications.clearAll');
    const refused = nextSave(ONBOARDING);
    assert.equal(await document.save(), false);
    assert.equal((await refused).kind, 'unresolved_markers');
    // VS Code finished that save; the editor is dirty again once the extension host hears so.
    await waitFor('the editor to be dirty again', () => document.isDirty);
    // One notification says why and what to do, with no error class in its text.
    const shown = await waitFor('the refusal', async () => {
      const texts = await workbenchNotifications();
      return texts.some((t) => t.includes('conflict markers')) ? texts : undefined;
    });
    assert.equal(shown.length, 1, shown.join(' | '));
    assert.doesNotMatch(shown[0] ?? '', /FileSystemError|Unknown \(/);

    await replaceAll(document, base + 'Mine at the end.\nTheirs at the end.\n');
    assert.equal(await document.save(), true);
    assert.equal((await serviceDoc(ONBOARDING)).body, base + 'Mine at the end.\nTheirs at the end.\n');
    assert.equal(api.docs.editing.flow.pending.get(ONBOARDING), undefined);
  });

  test('discard mine takes theirs and forgets the conflict', async () => {
    const document = await openDoc(DEPLOY_GUIDE);
    const base = document.getText();
    await otherSaves(DEPLOY_GUIDE, base.replace('1. Merge.', '1. Merge (theirs).'));
    await replaceAll(document, base.replace('1. Merge.', '1. Merge (mine).'));
    chooseWith('discard_mine');
    const resolved = nextResolution(DEPLOY_GUIDE);
    assert.equal(await document.save(), true, 'the save that met the conflict ends as written');
    assert.equal((await resolved).choice, 'discard_mine');
    await waitFor('the editor to show theirs', () => document.getText().includes('1. Merge (theirs).'));
    assert.equal(document.isDirty, false);
    assert.equal(api.docs.editing.flow.pending.get(DEPLOY_GUIDE), undefined);
  });

  test('the rules-file mirror answers with a pull request: the save succeeds as the proposal, the doc unchanged', async () => {
    const document = await openDoc(RULES_FILE);
    const before = await serviceDoc(RULES_FILE);
    await replaceAll(document, before.body + 'Write tests first.\n');
    const outcome = nextSave(RULES_FILE);
    await document.save();
    const result = await outcome;
    assert.equal(result.kind, 'pull_request');
    if (result.kind === 'pull_request') assert.match(result.url, /^https?:\/\//);
    await waitFor('the editor to be clean: the proposal is the success the save reports', () => !document.isDirty);
    assert.equal((await serviceDoc(RULES_FILE)).body, before.body);
  });

  test('with auto save on, a save that became a pull request ends as written and the next save goes through', async () => {
    await withAutoSave(50, async () => {
      const document = await openDoc(RULES_FILE);
      const before = await serviceDoc(RULES_FILE);
      const first = nextSave(RULES_FILE);
      await replaceAll(document, before.body + 'Auto saved rule.\n');
      assert.equal((await first).kind, 'pull_request');
      // Give auto save several chances to write the same text again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await waitFor('every write of the doc to have ended', () => !api.docs.editing.provider.isWriting(document.uri), 5000);
      assert.equal(tabOf(document)?.isDirty, false, 'the workbench shows the proposal saved');
      assert.equal(document.isDirty, false);
      assert.equal((await serviceDoc(RULES_FILE)).body, before.body);

      // A new text proposes again at once (a second pull request), not queued behind a held write.
      const second = nextSave(RULES_FILE);
      await replaceAll(document, before.body + 'Auto saved rule, revised.\n');
      const outcome = await Promise.race([second, new Promise<undefined>((resolve) => setTimeout(resolve, 10_000))]);
      assert.equal(outcome?.kind, 'pull_request', 'the next save reached the service within 10 s');
    });
  });

  test('with auto save on, a save of the text from before "take merged" sends nothing: theirs kept, no markers sent, the fixed text saves', async () => {
    await withAutoSave(50, async () => {
      const docId = await vscode.commands.executeCommand<string>('wsc.newDoc', { title: 'Racing merge', parentId: HANDBOOK, body: '# Release\n\nOwner: nobody\n' });
      const document = await openDoc(docId);
      const base = document.getText();
      const theirs = base.replace('Owner: nobody', 'Owner: Bob');
      const mine = base.replace('Owner: nobody', 'Owner: Olivia');
      await otherSaves(docId, theirs);

      // The moment the choice is made, a save of the editor's old text races the chosen text into the editor.
      const raced: Promise<boolean>[] = [];
      const stop = api.docs.editing.flow.onConflictChange((changed) => {
        if (changed === docId && raced.length === 0) raced.push(Promise.resolve(document.save()));
      });
      chooseWith('take_merged');
      const resolved = nextResolution(docId);
      try {
        // No explicit save: auto save meets the conflict.
        await replaceAll(document, mine);
        assert.equal((await resolved).saved, false);
      } finally {
        stop();
      }
      assert.equal(raced.length, 1, 'the racing save ran');
      // The auto save that met the conflict ended as written, so VS Code holds that text as saved
      // and writes nothing for the racing save; if it did write, the flow answers 'superseded'.
      await raced[0];
      let onService = await serviceDoc(docId);
      assert.equal(onService.body, theirs, "theirs is not overwritten by the text from before the choice");
      await waitFor('the markers in the editor', () => /^<<<<<<< mine$/m.test(document.getText()));

      // Saves with markers, auto or explicit, send nothing.
      const refused = nextSave(docId);
      assert.equal(await document.save(), false);
      assert.equal((await refused).kind, 'unresolved_markers');
      await new Promise((resolve) => setTimeout(resolve, 300));
      onService = await serviceDoc(docId);
      assert.equal(onService.body, theirs, 'no text with markers reached the service');

      // The person finishes the merge: the save reaches the service at once.
      const fixed = base.replace('Owner: nobody', 'Owner: Olivia and Bob');
      const saved = nextSave(docId);
      await replaceAll(document, fixed);
      const outcome = await Promise.race([saved, new Promise<undefined>((resolve) => setTimeout(resolve, 10_000))]);
      if (outcome?.kind !== 'saved') assert.equal(await document.save(), true, `the fixed text saves (auto save gave ${JSON.stringify(outcome?.kind)})`);
      onService = await serviceDoc(docId);
      assert.equal(onService.body, fixed);
      assert.equal(api.docs.editing.flow.pending.get(docId), undefined);
      await waitFor('the editor to be clean', () => !document.isDirty);
    });
  });

  test('a conflict shows one notification, the merge prompt: no "Failed to save", no error class, nothing to revert', async () => {
    const ui = api.docs.editing.conflicts;
    // The default chooser (diff + notification), as a person gets it.
    ui.chooser = ui.askPerson;
    const docId = await vscode.commands.executeCommand<string>('wsc.newDoc', { title: 'Release checklist', parentId: HANDBOOK, body: '# Release\n\n1. Freeze.\n' });
    const document = await openDoc(docId);
    const base = document.getText();
    await otherSaves(docId, base.replace('1. Freeze.', '1. Freeze (theirs).'));
    const mine = base.replace('1. Freeze.', '1. Freeze (mine).');
    await replaceAll(document, mine);
    await vscode.commands.executeCommand('notifications.clearAll');

    const outcome = nextSave(docId);
    await document.save();
    assert.equal((await outcome).kind, 'needs_resolution');
    const shown = await waitFor('the merge prompt', async () => {
      const texts = await workbenchNotifications();
      return texts.some((t) => t.includes("Someone else saved 'Release checklist'")) ? texts : undefined;
    });
    // Other tests' notifications may still be listed; this event's are the ones naming the doc.
    const aboutIt = shown.filter((t) => t.includes('Release checklist'));
    assert.equal(aboutIt.length, 1, `one notification for one conflict: ${aboutIt.join(' | ')}`);
    assert.doesNotMatch(shown.join('\n'), /FileSystemError/);
    assert.doesNotMatch(aboutIt.join('\n'), /Failed to save|Unable to write/);
    assert.equal(api.docs.editing.flow.pending.get(docId)?.mine, mine, "the person's text is kept in the conflict record");
    assert.equal(document.getText(), mine);

    // Left for later: the prompt goes, the conflict stays.
    await vscode.commands.executeCommand('notifications.clearAll');
    await waitFor('the prompt to close', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      return (await workbenchNotifications()).length === 0;
    });
    assert.equal(api.docs.editing.flow.pending.get(docId)?.mine, mine);
    await api.docs.editing.flow.pending.remove(docId);
  });

  test('a rules-file edit that becomes a pull request is reported once, as the success it is', async () => {
    const document = await openDoc(RULES_FILE);
    const before = await serviceDoc(RULES_FILE);
    await replaceAll(document, before.body + 'Review every migration.\n');
    await vscode.commands.executeCommand('notifications.clearAll');
    const outcome = nextSave(RULES_FILE);
    await document.save();
    const result = await outcome;
    assert.equal(result.kind, 'pull_request');
    const number = result.kind === 'pull_request' ? result.number : -1;
    const shown = await waitFor('the proposal notice', async () => {
      const texts = await workbenchNotifications();
      return texts.some((t) => t.includes(`proposed as pull request #${number}`)) ? texts : undefined;
    });
    const aboutIt = shown.filter((t) => t.includes('AGENTS'));
    assert.equal(aboutIt.length, 1, `one notification for one proposal: ${aboutIt.join(' | ')}`);
    assert.doesNotMatch(shown.join('\n'), /FileSystemError/);
    assert.doesNotMatch(aboutIt.join('\n'), /Failed to save|Not saved/);
    await waitFor('the editor to be clean', () => !document.isDirty);
    assert.equal((await serviceDoc(RULES_FILE)).body, before.body, 'the doc changes only when the pull request merges');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  test('an unsaved editor keeps its base in globalState (for a reload) until it is clean again', async () => {
    const document = await openDoc(DEPLOY_GUIDE);
    const read = await serviceDoc(DEPLOY_GUIDE);
    const kept = () => api.services.context.globalState.get<Record<string, { updated_at: string }>>(DIRTY_BASES_KEY)?.[DEPLOY_GUIDE];
    await replaceAll(document, read.body + 'unsaved\n');
    const entry = await waitFor('the kept base', () => kept());
    assert.equal(entry.updated_at, read.updated_at);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await waitFor('the kept base to go', () => kept() === undefined);
    assert.equal(document.isDirty, false);
  });

  test('the person sees a diff of theirs and the merge; dismissing the prompt keeps the conflict', async () => {
    const ui = api.docs.editing.conflicts;
    // The default chooser (diff + notification), as a person gets it.
    ui.chooser = ui.askPerson;
    const conflict: PendingConflict = {
      docId: 'diff-demo',
      title: 'Diff demo',
      kind: 'merged_clean',
      mine: 'a\nmine\n',
      base: { body: 'a\n', updated_at: '2026-01-01T00:00:00.000001Z' },
      theirs: { body: 'theirs\na\n', updated_at: '2026-01-01T00:00:01.000001Z' },
      merged: 'theirs\na\nmine\n',
      at: new Date().toISOString(),
    };
    await api.docs.editing.flow.pending.put(conflict);
    let settled = false;
    const presenting = ui.present(conflict).finally(() => (settled = true));
    const diff = await waitFor('the diff view', () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'wsc-doc-version'),
    );
    const input = diff.input as vscode.TabInputTextDiff;
    assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), conflict.theirs.body);
    assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), conflict.merged);
    assert.match(diff.label, /Diff demo\.md: theirs ↔ merged/);
    // The person closes the notification (repeated until it has shown).
    await waitFor('the prompt to be dismissed', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      await new Promise((resolve) => setTimeout(resolve, 200));
      return settled;
    });
    await presenting;
    assert.equal(api.docs.editing.flow.pending.get('diff-demo')?.mine, conflict.mine, 'a dismissed prompt keeps the conflict');
    await api.docs.editing.flow.pending.remove('diff-demo');
  });

  test('new doc and folder, rename, move and delete go through the service', async () => {
    const folderId = await vscode.commands.executeCommand<string>('wsc.docs.newFolder', { title: 'Suite folder' });
    assert.ok(folderId);
    const docId = await vscode.commands.executeCommand<string>('wsc.newDoc', { title: 'Suite notes', parentId: HANDBOOK });
    assert.ok(docId);
    assert.equal((await serviceDoc(docId)).parent_id, HANDBOOK);
    await waitFor('the new doc open', () => vscode.window.activeTextEditor?.document.uri.query === `id=${docId}`);

    await vscode.commands.executeCommand('wsc.docs.rename', { docId, title: 'Suite notes renamed' });
    assert.equal((await serviceDoc(docId)).title, 'Suite notes renamed');
    await vscode.commands.executeCommand('wsc.docs.move', { docId, parentId: folderId });
    assert.equal((await serviceDoc(docId)).parent_id, folderId);

    // A wrong phrase deletes nothing; the exact phrase does.
    await vscode.commands.executeCommand('wsc.docs.delete', { docId, confirm: 'delete doc' });
    assert.equal((await serviceDoc(docId)).id, docId);
    assert.equal(await vscode.commands.executeCommand('wsc.docs.delete', { docId, confirm: 'delete doc permanently' }), true);
    await assert.rejects(serviceDoc(docId), /404/);
    await vscode.commands.executeCommand('wsc.docs.delete', { docId: folderId, confirm: 'delete doc permanently' });
    await assert.rejects(serviceDoc(folderId), /404/);
  });

  test('New Doc from the title bar with a doc focused asks for the title instead of copying the focused one', async () => {
    const client = api.services.auth.requireClient();
    const focused = (await client.docs()).find((d) => d.id === DEPLOY_GUIDE);
    assert.ok(focused, 'the fixture doc is listed');
    const sameTitle = async () => (await client.docs()).filter((d) => d.title === focused.title).length;
    const before = await sameTitle();
    // The title bar's button runs the command with the focused tree element as its argument.
    const running = Promise.resolve(vscode.commands.executeCommand<string | undefined>('wsc.newDoc', focused));
    const early = await Promise.race([running.then((id) => ({ id })), new Promise<undefined>((resolve) => setTimeout(resolve, 1000))]);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(early, undefined, `the command ended without asking (created ${JSON.stringify(early)})`);
    assert.equal(await running, undefined, 'cancelling the title creates nothing');
    assert.equal(await sameTitle(), before, 'no second doc with the focused title');
  });

  test('a guest sees a clear message instead of docs or an error', async () => {
    try {
      await vscode.commands.executeCommand('wsc.signIn', { token: 'hpt_guest_rw', serviceUrl: serviceUrl() });
      api.docs.tree.refresh();
      assert.deepEqual(await api.docs.tree.getChildren(), []);
      assert.equal(api.docs.view.message, guestDocs());
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.parse(`wsc-doc:/${DEPLOY_GUIDE}/Deploy guide.md`))),
        (e: Error) => e.message.includes('not available to guests'),
      );
    } finally {
      await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
    }
    api.docs.tree.refresh();
    assert.ok((await api.docs.tree.getChildren()).length > 0);
    assert.equal(api.docs.view.message, undefined);
  });
});
