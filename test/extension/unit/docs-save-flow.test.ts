// The editor's save flow (vscode-free) against the local service over real HTTP.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared';
import { BaseVersions } from '../../../extension/docs/base-versions';
import { DocSaveFlow } from '../../../extension/docs/doc-save-flow';
import { DirtyBases } from '../../../extension/docs/dirty-bases';
import { PendingConflicts } from '../../../extension/docs/pending-conflicts';
import { MemoryKeyValueStore } from '../../support/memory-store';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const DEPLOY_GUIDE = 'd0000000-0000-4000-8000-000000000003';
const RULES_FILE = 'd0000000-0000-4000-8000-000000000004';

let emu: TestEmulator;
let maria: Client;
let mike: Client;

beforeAll(async () => {
  emu = await startEmulator();
  maria = new Client({ baseUrl: emu.url, token: 'hpt_member_rw', clientName: 'vscode-test' });
  mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'other' });
  return async () => {
    await maria.close();
    await mike.close();
    await emu.stop();
  };
});
afterEach(async () => {
  await emu.control.reset();
});

async function openedFlow(storage = new MemoryKeyValueStore()) {
  const flow = new DocSaveFlow({ client: maria, bases: new BaseVersions(), pending: new PendingConflicts(storage) });
  const doc = await maria.getDoc(DEPLOY_GUIDE);
  flow.opened(DEPLOY_GUIDE, doc);
  return { flow, doc, storage };
}

describe('doc save flow', () => {
  it('saves against the held version and moves the base forward', async () => {
    const { flow, doc } = await openedFlow();
    const first = await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + '3. Celebrate.\n');
    expect(first.kind).toBe('saved');
    const second = await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + '3. Celebrate.\n4. Rest.\n');
    expect(second.kind).toBe('saved');
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toContain('4. Rest.');
    expect(flow.bases.get(DEPLOY_GUIDE)?.updated_at).toBe((await maria.getDoc(DEPLOY_GUIDE)).updated_at);
  });

  it('after "take merged" or "discard mine", the text the conflict was found with is not sent (theirs would be lost); after "keep mine" it is', async () => {
    for (const choice of ['take_merged', 'discard_mine', 'keep_mine'] as const) {
      const { flow, doc } = await openedFlow();
      const theirs = doc.body.replace('1. Merge.', `1. Merge (theirs, ${choice}).`);
      const mine = doc.body.replace('1. Merge.', `1. Merge (mine, ${choice}).`);
      await mike.patchDoc(DEPLOY_GUIDE, { body: theirs });
      const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
      if (outcome.kind !== 'needs_resolution') throw new Error(`expected a conflict, got ${outcome.kind}`);
      await flow.choose(outcome.conflict, choice);
      const stale = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
      if (choice === 'keep_mine') {
        expect(stale.kind).toBe('saved');
        expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(mine);
      } else {
        expect(stale).toEqual({ kind: 'superseded', choice });
        expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(theirs);
      }
      await emu.control.reset();
    }
  });

  it('sends nothing when the text equals the held version', async () => {
    const { flow, doc } = await openedFlow();
    expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body)).toEqual({ kind: 'unchanged', updated_at: doc.updated_at });
  });

  it('a clean 409 is recorded (persisted) and saved after "take merged"', async () => {
    const { flow, doc, storage } = await openedFlow();
    await mike.patchDoc(DEPLOY_GUIDE, { body: 'INTRO\n' + doc.body });
    const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + '3. Celebrate.\n');
    expect(outcome.kind).toBe('needs_resolution');
    if (outcome.kind !== 'needs_resolution') return;
    expect(outcome.conflict.kind).toBe('merged_clean');
    expect(new PendingConflicts(storage).get(DEPLOY_GUIDE)?.mine).toBe(doc.body + '3. Celebrate.\n');

    const resolution = await flow.choose(outcome.conflict, 'take_merged');
    expect(resolution.saveNow).toBe(true);
    expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', resolution.text)).toMatchObject({ kind: 'saved' });
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe('INTRO\n' + doc.body + '3. Celebrate.\n');
    expect(flow.pending.get(DEPLOY_GUIDE)).toBeUndefined();
  });

  it('an overlapping 409: markers are refused on save; keep mine overwrites deliberately', async () => {
    const { flow, doc } = await openedFlow();
    await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', '2. Tag it (mike).') });
    const mine = doc.body.replace('2. Tag.', '2. Tag it (maria).');
    const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
    if (outcome.kind !== 'needs_resolution') throw new Error(`expected a conflict, got ${outcome.kind}`);
    expect(outcome.conflict.kind).toBe('conflict');

    const merged = await flow.choose(outcome.conflict, 'take_merged');
    expect(merged.saveNow).toBe(false);
    expect((await flow.save(DEPLOY_GUIDE, 'Deploy guide', merged.text)).kind).toBe('unresolved_markers');

    const keep = await flow.choose(outcome.conflict, 'keep_mine');
    expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', keep.text)).toMatchObject({ kind: 'saved' });
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(mine);
    expect(flow.pending.all()).toEqual([]);
  });

  it('keep mine is still compare-and-set: a third edit meanwhile is caught, mine kept', async () => {
    const { flow, doc } = await openedFlow();
    await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', 'two') });
    const mine = doc.body.replace('2. Tag.', 'deux');
    const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
    if (outcome.kind !== 'needs_resolution') throw new Error(outcome.kind);
    const keep = await flow.choose(outcome.conflict, 'keep_mine');
    await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', 'zwei') });
    const again = await flow.save(DEPLOY_GUIDE, 'Deploy guide', keep.text);
    expect(again.kind).toBe('needs_resolution');
    expect(flow.pending.get(DEPLOY_GUIDE)?.mine).toBe(mine);
    expect(flow.pending.get(DEPLOY_GUIDE)?.theirs.body).toContain('zwei');
  });

  it('discard mine drops the record and sends nothing', async () => {
    const { flow, doc } = await openedFlow();
    await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', 'two') });
    const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body.replace('2. Tag.', 'deux'));
    if (outcome.kind !== 'needs_resolution') throw new Error(outcome.kind);
    const discard = await flow.choose(outcome.conflict, 'discard_mine');
    expect(flow.pending.get(DEPLOY_GUIDE)).toBeUndefined();
    expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', discard.text)).toMatchObject({ kind: 'unchanged' });
  });

  it('the rules-file mirror answers with a pull request, and the same text opens no second one', async () => {
    const flow = new DocSaveFlow({ client: maria, bases: new BaseVersions(), pending: new PendingConflicts(new MemoryKeyValueStore()) });
    const doc = await maria.getDoc(RULES_FILE);
    flow.opened(RULES_FILE, doc);
    const text = doc.body + 'Write tests.\n';
    const first = await flow.save(RULES_FILE, 'AGENTS.md', text);
    expect(first).toMatchObject({ kind: 'pull_request', repeated: false });
    expect(await flow.save(RULES_FILE, 'AGENTS.md', text)).toMatchObject({ kind: 'pull_request', repeated: true });
    expect((await maria.getDoc(RULES_FILE)).body).toBe(doc.body);
  });

  it('a failure hands the error back and records nothing', async () => {
    const guest = new Client({ baseUrl: emu.url, token: 'hpt_guest_rw', clientName: 't' });
    try {
      const flow = new DocSaveFlow({ client: guest, bases: new BaseVersions(), pending: new PendingConflicts(new MemoryKeyValueStore()) });
      flow.opened(DEPLOY_GUIDE, { body: 'x', updated_at: '2025-01-01T00:00:00.000001Z' });
      const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', 'y');
      expect(outcome.kind).toBe('failed');
      if (outcome.kind === 'failed') expect((outcome.error as { status?: number }).status).toBe(403);
      expect(flow.pending.all()).toEqual([]);
    } finally {
      await guest.close();
    }
  });

  describe('unsaved editors across a reload (hot exit)', () => {
    const flowOver = (storage: MemoryKeyValueStore) =>
      new DocSaveFlow({ client: maria, bases: new BaseVersions(), pending: new PendingConflicts(storage), dirtyBases: new DirtyBases(storage) });

    it('the base of an unsaved editor is kept: after the reload a save merges instead of overwriting', async () => {
      const storage = new MemoryKeyValueStore();
      const before = flowOver(storage);
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      before.opened(DEPLOY_GUIDE, doc);
      await before.edited(DEPLOY_GUIDE);
      // The window is closed; someone saves meanwhile; VS Code restores the unsaved text and reads the doc.
      await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('# Deploy', '# Deploy (mike)') });
      const after = flowOver(storage);
      after.opened(DEPLOY_GUIDE, await maria.getDoc(DEPLOY_GUIDE));
      const outcome = await after.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + '3. Celebrate.\n');
      expect(outcome.kind).toBe('needs_resolution');
      if (outcome.kind === 'needs_resolution') expect(outcome.conflict.merged).toBe(doc.body.replace('# Deploy', '# Deploy (mike)') + '3. Celebrate.\n');
    });

    it('also when VS Code saves before reading the doc again', async () => {
      const storage = new MemoryKeyValueStore();
      const before = flowOver(storage);
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      before.opened(DEPLOY_GUIDE, doc);
      await before.edited(DEPLOY_GUIDE);
      await mike.patchDoc(DEPLOY_GUIDE, { body: 'replaced by mike\n' });
      const outcome = await flowOver(storage).save(DEPLOY_GUIDE, 'Deploy guide', doc.body + 'mine\n');
      expect(outcome.kind).toBe('needs_resolution');
    });

    it('a successful save, or going back to the saved text, forgets the kept base', async () => {
      const storage = new MemoryKeyValueStore();
      const flow = flowOver(storage);
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      flow.opened(DEPLOY_GUIDE, doc);
      await flow.edited(DEPLOY_GUIDE);
      expect(new DirtyBases(storage).get(DEPLOY_GUIDE)?.updated_at).toBe(doc.updated_at);
      expect((await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + 'x\n')).kind).toBe('saved');
      expect(new DirtyBases(storage).get(DEPLOY_GUIDE)).toBeUndefined();

      await flow.edited(DEPLOY_GUIDE);
      expect(new DirtyBases(storage).has(DEPLOY_GUIDE)).toBe(true);
      await flow.cleaned(DEPLOY_GUIDE);
      expect(new DirtyBases(storage).has(DEPLOY_GUIDE)).toBe(false);
      // Back to the saved text, the base is the saved version, not the first read.
      expect(flow.bases.get(DEPLOY_GUIDE)?.body).toBe(doc.body + 'x\n');
      expect((await flow.save(DEPLOY_GUIDE, 'Deploy guide', doc.body + 'x\ny\n')).kind).toBe('saved');
    });

    it('a clean report for text other than the last read (a refused save VS Code finished) keeps the chosen base', async () => {
      const storage = new MemoryKeyValueStore();
      const flow = flowOver(storage);
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      flow.opened(DEPLOY_GUIDE, doc);
      await flow.edited(DEPLOY_GUIDE);
      await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', '2. Tag it (mike).') });
      const mine = doc.body.replace('2. Tag.', '2. Tag it (maria).');
      const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
      if (outcome.kind !== 'needs_resolution') throw new Error(`expected a conflict, got ${outcome.kind}`);
      const resolution = await flow.choose(outcome.conflict, 'keep_mine');
      await flow.cleaned(DEPLOY_GUIDE, mine);
      expect(flow.bases.get(DEPLOY_GUIDE)?.updated_at).toBe(outcome.conflict.theirs.updated_at);
      expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', resolution.text)).toMatchObject({ kind: 'saved' });
      // The read text itself is a real clean: the base goes back to that read.
      await flow.edited(DEPLOY_GUIDE);
      await flow.cleaned(DEPLOY_GUIDE, mine);
      expect(new DirtyBases(storage).has(DEPLOY_GUIDE)).toBe(false);
    });

    it('keep mine chosen while a revert is still being stored saves (globalState slow to write, as on a busy machine)', async () => {
      const storage = new MemoryKeyValueStore();
      const flow = flowOver(storage);
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      flow.opened(DEPLOY_GUIDE, doc);
      await flow.edited(DEPLOY_GUIDE);
      await mike.patchDoc(DEPLOY_GUIDE, { body: doc.body.replace('2. Tag.', '2. Tag it (mike).') });
      const mine = doc.body.replace('2. Tag.', '2. Tag it (maria).');
      const outcome = await flow.save(DEPLOY_GUIDE, 'Deploy guide', mine);
      if (outcome.kind !== 'needs_resolution') throw new Error(`expected a conflict, got ${outcome.kind}`);

      // The person reverts the editor (its kept base is being forgotten) and, before globalState
      // has stored that, picks "keep mine" from the restored prompt.
      storage.hold();
      const cleaning = flow.cleaned(DEPLOY_GUIDE);
      const choosing = flow.choose(outcome.conflict, 'keep_mine');
      storage.release();
      const [resolution] = await Promise.all([choosing, cleaning]);

      expect(flow.bases.get(DEPLOY_GUIDE)?.updated_at).toBe(outcome.conflict.theirs.updated_at);
      expect(await flow.save(DEPLOY_GUIDE, 'Deploy guide', resolution.text)).toMatchObject({ kind: 'saved' });
      expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(mine);
      expect(flow.pending.get(DEPLOY_GUIDE)).toBeUndefined();
    });

    it('a kept base equal to the version read is dropped on open; a revert after a reload takes the read version', async () => {
      const storage = new MemoryKeyValueStore();
      const doc = await maria.getDoc(DEPLOY_GUIDE);
      await new DirtyBases(storage).set(DEPLOY_GUIDE, doc);
      const same = flowOver(storage);
      same.opened(DEPLOY_GUIDE, doc);
      await Promise.resolve();
      expect(new DirtyBases(storage).has(DEPLOY_GUIDE)).toBe(false);

      await new DirtyBases(storage).set(DEPLOY_GUIDE, { body: 'old', updated_at: '2020-01-01T00:00:00.000001Z' });
      const reloaded = flowOver(storage);
      reloaded.opened(DEPLOY_GUIDE, doc);
      expect(reloaded.bases.get(DEPLOY_GUIDE)?.body).toBe('old');
      await reloaded.cleaned(DEPLOY_GUIDE);
      expect(reloaded.bases.get(DEPLOY_GUIDE)).toEqual({ body: doc.body, updated_at: doc.updated_at });
    });
  });
});
