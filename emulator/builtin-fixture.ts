// A minimal workspace used when `wsc serve` gets neither --fixture nor --demo.
import type { Fixture } from './fixture';

export function builtinFixture(): Fixture {
  return {
    workspace: { id: '00000000-0000-4000-8000-000000000001', name: 'Local workspace' },
    people: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Local Owner', handle: 'owner', role: 'owner' }],
    tokens: [
      {
        token: 'hpt_local_owner',
        person: '00000000-0000-4000-8000-0000000000a1',
        name: 'local',
        scopes: ['workspace:read', 'workspace:write', 'workspace:admin'],
      },
    ],
    agents: [],
    channels: [
      {
        id: '00000000-0000-4000-8000-0000000000c1',
        name: 'general',
        description: 'Everyone',
        members: ['00000000-0000-4000-8000-0000000000a1'],
      },
    ],
    features: { zeroToOne: true, warmWorkspaces: true },
  };
}
