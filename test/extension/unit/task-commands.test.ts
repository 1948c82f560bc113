// The Tasks tree's commands without vscode (extension/tasks/task-edits.ts, task-filter-flow.ts,
// task-create.ts, task-arg.ts) with scripted answers; edits sent to the local service.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { COMMANDS, type Task, type TaskRow } from '../../../shared/contract';
import { taskOf } from '../../../extension/tasks/task-arg';
import { createTaskArg, createTaskFlow } from '../../../extension/tasks/task-create';
import { askNote, chooseAssignee, choosePriority, chooseStatus } from '../../../extension/tasks/task-edits';
import { chooseFilters } from '../../../extension/tasks/task-filter-flow';
import { scripted } from '../../support/scripted-questions';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'a0000000-0000-4000-8000-000000000003';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';

let emu: TestEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator();
  client = new Client({ baseUrl: emu.url, token: 'hpt_member_rw', clientName: 'extension-unit' });
  return async () => {
    await client.close();
    await emu.stop();
  };
});

const row = async (ref: string): Promise<TaskRow> => (await client.readAction<{ task: Task }>(COMMANDS.getTask, { taskId: ref })).task;

describe('inline edits', () => {
  it('status: the current one is marked; picking it sends nothing; another is the patch', async () => {
    const task = await row('T-3');
    const same = scripted(['To do']);
    expect(await chooseStatus(task, same.ask)).toBeUndefined();
    expect(same.offered[0]!.items.find((i) => i.label === 'To do')?.description).toBe('current');
    const edit = await chooseStatus(task, scripted(['Doing']).ask);
    expect(edit).toEqual({ patch: { status: 'doing' }, headline: 'Could not set the status of T-3' });
    await client.patchTask(task.id, edit!.patch);
    expect((await row('T-3')).status).toBe('doing');
  });

  it('priority: urgent first, none last; cancelling sends nothing', async () => {
    const task = await row('T-3');
    const s = scripted([undefined]);
    expect(await choosePriority(task, s.ask)).toBeUndefined();
    expect(s.offered[0]!.items.map((i) => i.label)).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
    expect(await choosePriority(task, scripted(['high']).ask)).toEqual({ patch: { priority: 2 }, headline: 'Could not set the priority of T-3' });
  });

  it('assignee: me, unassigned, then the channel’s members from the shared choice; an agent clears the user', async () => {
    const task = await row('T-3');
    const members = await client.members(GENERAL);
    const s = scripted(['$(hubot) Helper']);
    const edit = await chooseAssignee(task, s.ask, members, { userId: MARIA, name: 'Maria Member' });
    expect(s.offered[0]!.items.map((i) => i.label)).toEqual(['$(person) Me', '$(circle-slash) Unassigned', '$(account) Adam Admin', '$(hubot) Helper', '$(account) Olivia Owner']);
    expect(edit?.patch).toEqual({ assignee_user_id: null, assignee_agent_id: 'a9000000-0000-4000-8000-000000000001' });
    await client.patchTask(task.id, edit!.patch);
    const after = await row('T-3');
    expect(after.assignee_agent_id).toBe('a9000000-0000-4000-8000-000000000001');
    const again = scripted([undefined]);
    await chooseAssignee(after, again.ask, members, null);
    expect(again.offered[0]!.items.map((i) => i.label)[0]).toBe('$(circle-slash) Unassigned');
    expect(again.offered[0]!.items.find((i) => i.label === '$(hubot) Helper')?.description).toBe('@helper · current');
  });

  it('note: trimmed, and blank sends nothing', async () => {
    const task = await row('T-3');
    expect(await askNote(task, scripted([], ['  shipped the draft  ']).ask)).toEqual({ patch: { append_note: 'shipped the draft' }, headline: 'Could not append the note of T-3' });
    expect(await askNote(task, scripted([], ['   ']).ask)).toBeUndefined();
  });
});

describe('filters, create and the task argument', () => {
  const sources = (epics: TaskRow[]) => ({ epicTitle: (id: string) => epics.find((e) => e.id === id)?.title, epics: async () => epics, channels: async () => [] });

  it('toggles mine, picks an epic, a kind or text, clears all', async () => {
    const epics = await client.tasks({ kind: 'epic', limit: 200 });
    expect(await chooseFilters({}, scripted(['Mine only']).ask, sources(epics))).toEqual({ mine: true });
    const epic = epics[0]!;
    expect(await chooseFilters({ mine: true }, scripted(['Epic…', `${epic.ref} ${epic.title}`]).ask, sources(epics))).toEqual({ mine: true, epicId: epic.id });
    expect(await chooseFilters({}, scripted(['Kind…', 'Epics']).ask, sources(epics))).toEqual({ kind: 'epic' });
    expect(await chooseFilters({}, scripted(['Text…'], [' deploy ']).ask, sources(epics))).toEqual({ text: 'deploy' });
    expect(await chooseFilters({ mine: true, text: 'x' }, scripted(['Clear all filters']).ask, sources(epics))).toEqual({});
    expect(await chooseFilters({}, scripted([undefined]).ask, sources(epics))).toBeUndefined();
  });

  it('creates in the filtered epic and offers the ref when the title was asked', async () => {
    const s = scripted([], ['  Ship it  ']);
    const sent: unknown[] = [];
    const created = await createTaskFlow(undefined, {
      ask: s.ask,
      filteredEpicId: 'f0000000-0000-4000-8000-000000000001',
      create: async (input) => (sent.push(input), client.createTask(input)),
      copy: async () => undefined,
    });
    expect(sent).toEqual([{ title: 'Ship it', epic_id: 'f0000000-0000-4000-8000-000000000001' }]);
    expect(s.notified).toEqual([`Created ${created!.ref}.`]);
    const quiet = scripted([]);
    await createTaskFlow(createTaskArg({ title: 'From a script' }), { ask: quiet.ask, filteredEpicId: undefined, create: async (i) => client.createTask(i), copy: async () => undefined });
    expect(quiet.notified).toEqual([]);
    expect(await createTaskFlow(undefined, { ask: scripted([], ['  ']).ask, filteredEpicId: undefined, create: async () => undefined, copy: async () => undefined })).toBeUndefined();
  });

  it('a command’s argument: a tree node, a row, or a ref/id', async () => {
    const t3 = await row('T-3');
    const list = async () => [t3];
    expect(await taskOf({ kind: 'task', task: t3 }, list)).toBe(t3);
    expect(await taskOf(t3, list)).toBe(t3);
    expect(await taskOf('T-3', list)).toBe(t3);
    expect(await taskOf(t3.id, list)).toBe(t3);
    expect(await taskOf('T-99', list)).toBeUndefined();
    expect(await taskOf(undefined, list)).toBeUndefined();
  });
});
