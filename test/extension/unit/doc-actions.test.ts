// The doc commands without vscode (extension/docs/doc-actions.ts) with scripted answers, against the
// local service over HTTP: create, folder, rename, move, delete, and what each asks when it must.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { CONFIRM_PHRASES } from '../../../shared/contract';
import { createDoc, createFolder, deleteDoc, docToOpen, moveDoc, parentFolderOf, renameDoc } from '../../../extension/docs/doc-actions';
import { scripted } from '../../support/scripted-questions';
import { startEmulator, type TestEmulator } from '../../support/emulator';

let emu: TestEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator();
  client = new Client({ baseUrl: emu.url, token: 'hpt_member_rw', clientName: 'extension-unit' });
});
afterAll(async () => {
  await client.close();
  await emu.stop();
});

const none = scripted([]).ask;
const docNamed = async (title: string) => (await client.docs()).find((d) => d.title === title);

describe('doc actions', () => {
  it('a new doc asks its title (blank refused), goes into the folder of the item it came from, and starts with a heading', async () => {
    const folderId = await createFolder(client, none, { title: 'Handbook' });
    expect(folderId).toBeTruthy();
    const q = scripted([], ['  Onboarding  ']);
    const created = await createDoc(client, q.ask, { doc: { id: folderId, title: 'Handbook', is_folder: true } });
    expect(created?.title).toBe('Onboarding');
    expect(q.asked[0]?.validate?.('   ')).toBe('Give the doc a title.');
    expect(q.asked[0]?.validate?.('x')).toBeUndefined();
    const doc = await client.getDoc(created!.id);
    expect(doc.parent_id).toBe(folderId);
    expect(doc.body).toBe('# Onboarding\n\n');
    // A doc item's folder is where a sibling goes.
    expect(await parentFolderOf(client, { docId: created!.id })).toBe(folderId);
    expect(await parentFolderOf(client, { parentId: null })).toBeUndefined();
  });

  it('cancelling the title creates nothing', async () => {
    const before = (await client.docs()).length;
    expect(await createDoc(client, scripted([], [undefined]).ask, undefined)).toBeUndefined();
    expect(await createFolder(client, scripted([], ['   ']).ask, undefined)).toBeUndefined();
    expect((await client.docs()).length).toBe(before);
  });

  it('open picks among docs only, never folders', async () => {
    const q = scripted(['Onboarding']);
    const target = await docToOpen(client, q.ask, undefined);
    expect(target?.title).toBe('Onboarding');
    expect(q.offered[0]!.items.every((i) => i.description !== 'folder')).toBe(true);
    expect(await docToOpen(client, none, { id: 'x', is_folder: true })).toBeUndefined();
  });

  it('rename: a tree item asks with the current title; the same title sends nothing; a script title renames', async () => {
    const doc = (await docNamed('Onboarding'))!;
    const same = scripted([], ['Onboarding']);
    expect(await renameDoc(client, same.ask, { doc: { id: doc.id, title: doc.title } })).toBeUndefined();
    expect(same.asked[0]?.value).toBe('Onboarding');
    expect(await renameDoc(client, none, { docId: doc.id, title: ' Welcome ' })).toBe('Welcome');
    expect((await client.getDoc(doc.id)).title).toBe('Welcome');
  });

  it('move: offers the top level and the other folders; null moves to the top level', async () => {
    const doc = (await docNamed('Welcome'))!;
    const q = scripted(['$(root-folder) Top level']);
    expect(await moveDoc(client, q.ask, { doc: { id: doc.id, title: 'Welcome' } })).toBeNull();
    expect(q.offered[0]!.items.map((i) => i.label)).toContain('$(folder) Handbook');
    expect((await client.getDoc(doc.id)).parent_id ?? null).toBeNull();
    expect(await moveDoc(client, scripted([undefined]).ask, { doc: { id: doc.id } })).toBeUndefined();
  });

  it('delete needs the exact phrase (and an owner or admin): a wrong one deletes nothing, the right one deletes', async () => {
    const doc = (await docNamed('Welcome'))!;
    const owner = new Client({ baseUrl: emu.url, token: 'hpt_owner_all', clientName: 'extension-unit' });
    const phrase = CONFIRM_PHRASES.delete_doc;
    const wrong = scripted([], ['delete']);
    expect(await deleteDoc(owner, wrong.ask, { doc: { id: doc.id, title: 'Welcome' } })).toBeUndefined();
    expect(wrong.asked[0]?.validate?.('delete')).toBe(`Type exactly: ${phrase}`);
    expect(await docNamed('Welcome')).toBeDefined();
    expect(await deleteDoc(owner, none, { docId: doc.id, confirm: phrase })).toBe(true);
    expect(await docNamed('Welcome')).toBeUndefined();
    await owner.close();
  });
});
