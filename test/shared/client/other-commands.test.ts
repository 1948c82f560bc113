// A service that names the generic commands the faces call otherwise (`wsc serve --variant
// other-commands`: get_task is task_get, join_channel channelJoin, create_doc_folder
// DocFolderCreate, rename_doc doc.rename, delete_doc delete-doc; move_doc is not offered). The client
// resolves the names from list_capabilities and says plainly what is not offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, COMMANDS, NotFoundError, readTask, ServiceDocuments } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const OWNER = 'hpt_owner_all';
const MIKE = 'hpt_mike_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
let service: TestEmulator;

beforeAll(async () => {
  service = await startEmulator({ variant: 'other-commands' });
});
afterAll(async () => {
  await service?.stop();
});

const clientAs = (token: string) => new Client({ baseUrl: service.url, token, clientName: 'other-commands', serviceDocuments: new ServiceDocuments() });

describe('generic commands under the service\'s own names', () => {
  it('the variant lists other names and refuses ours', async () => {
    const names = (await clientAs(OWNER).capabilities()).commands.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['task_get', 'channelJoin', 'DocFolderCreate', 'doc.rename', 'delete-doc']));
    expect(names).not.toContain('get_task');
    expect(names).not.toContain('move_doc');
  });

  it('task details (get_task) are read through task_get', async () => {
    const owner = clientAs(OWNER);
    const [row] = await owner.tasks();
    expect(row).toBeDefined();
    const task = await readTask(owner, `T-${row?.number}`);
    expect(task.id).toBe(row?.id);
  });

  it('a missing task is still a missing task, not a missing command', async () => {
    const error = await readTask(clientAs(OWNER), 'T-9999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).not.toContain('does not offer');
  });

  it('joining, a new folder, renaming and deleting a doc reach the service under its names', async () => {
    const mike = clientAs(MIKE);
    const joined = await mike.runAction(COMMANDS.joinChannel, { channelId: GENERAL });
    expect(joined.ok).toBe(true);
    expect((await mike.channels()).some((c) => c.id === GENERAL)).toBe(true);

    const owner = clientAs(OWNER);
    const folder = await owner.runAction<{ id: string }>(COMMANDS.createDocFolder, { title: 'Renamed commands' });
    await owner.runAction(COMMANDS.renameDoc, { docId: folder.id, title: 'Renamed again' });
    expect((await owner.getDoc(folder.id)).title).toBe('Renamed again');
    await owner.runAction(COMMANDS.deleteDoc, { docId: folder.id, confirm: 'delete doc permanently' });
    await expect(owner.getDoc(folder.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('moving a doc, which the service does not offer, says so', async () => {
    const error = await clientAs(OWNER).runAction(COMMANDS.moveDoc, { docId: 'd0000000-0000-4000-8000-000000000002', parentId: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('This service does not offer the command "move_doc"');
    expect((error as NotFoundError).hint).toContain('wsc doctor');
  });
});
