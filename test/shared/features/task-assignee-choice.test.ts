// The one assignee choice (shared/tasks/assignee-choice.ts) both faces list, and its patches sent.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../shared/client';
import { readTask } from '../../../shared/tasks/read-task';
import type { Member } from '../../../shared/contract';
import { assigneeOptions } from '../../../shared/tasks/assignee-choice';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN } from '../support/clients';

const MARIA = 'a0000000-0000-4000-8000-000000000003';
const me = { userId: MARIA, name: 'Maria Member' };
const members: Member[] = [
  { id: 'a0000000-0000-4000-8000-000000000001', kind: 'person', name: 'Olivia Owner', handle: 'olivia', mention: '@olivia' },
  { id: MARIA, kind: 'person', name: 'Maria Member', handle: 'maria', mention: '@maria' },
  { id: 'a9000000-0000-4000-8000-000000000001', kind: 'agent', name: 'Helper', handle: 'helper', mention: '@helper' },
];
const unassigned = { assignee_user_id: null, assignee_agent_id: null };

describe('assigneeOptions', () => {
  it('me, nobody, then the members other than me; a person is a user id, an agent an agent id, the other cleared', () => {
    const options = assigneeOptions(unassigned, members, me);
    expect(options.map((o) => [o.kind, o.label, o.outcome])).toEqual([
      ['me', 'me (Maria Member)', 'assigned to me'],
      ['nobody', 'nobody', 'unassigned'],
      ['person', 'Olivia Owner', 'assigned to Olivia Owner'],
      ['agent', 'Helper', 'assigned to Helper'],
    ]);
    expect(options.map((o) => o.patch)).toEqual([
      { assignee_user_id: MARIA, assignee_agent_id: null },
      { assignee_user_id: null, assignee_agent_id: null },
      { assignee_user_id: members[0]!.id, assignee_agent_id: null },
      { assignee_user_id: null, assignee_agent_id: members[2]!.id },
    ]);
    expect(options[3]!.handle).toBe('helper');
  });

  it('marks the current assignee', () => {
    expect(assigneeOptions(unassigned, members, me).filter((o) => o.current).map((o) => o.kind)).toEqual(['nobody']);
    expect(assigneeOptions({ assignee_user_id: MARIA, assignee_agent_id: null }, members, me).filter((o) => o.current).map((o) => o.kind)).toEqual(['me']);
    expect(assigneeOptions({ assignee_user_id: null, assignee_agent_id: members[2]!.id }, members, me).filter((o) => o.current).map((o) => o.label)).toEqual(['Helper']);
  });

  it('without knowing who I am there is no "me" (it would unassign), and nobody is left out', () => {
    const options = assigneeOptions(unassigned, members, null);
    expect(options.map((o) => o.kind)).toEqual(['nobody', 'person', 'person', 'agent']);
  });
});

describe('the choice against the local service', () => {
  let emu: TestEmulator;
  let maria: Client;

  beforeAll(async () => {
    emu = await startEmulator();
    maria = clientFor(emu.url, MARIA_TOKEN);
    return async () => {
      await maria.close();
      await emu.stop();
    };
  });

  it('assigns to an agent of the channel, then to me, then to nobody', async () => {
    const task = async () => await readTask(maria, 'T-3');
    const options = assigneeOptions(await task(), await maria.members(GENERAL_CHANNEL), me);
    const agent = options.find((o) => o.kind === 'agent')!;
    await maria.patchTask('T-3', agent.patch);
    expect(await task()).toMatchObject({ assignee_agent_id: agent.patch.assignee_agent_id, assignee_user_id: null });
    await maria.patchTask('T-3', options.find((o) => o.kind === 'me')!.patch);
    expect(await task()).toMatchObject({ assignee_agent_id: null, assignee_user_id: MARIA });
    expect(assigneeOptions(await task(), [], me).find((o) => o.current)?.kind).toBe('me');
    await maria.patchTask('T-3', options.find((o) => o.kind === 'nobody')!.patch);
    expect(await task()).toMatchObject(unassigned);
  });
});
