// The generic actions module: routes, tables, and the fixture's founder flags (`founder: true` on
// a person) and founder invitations.
import type { EmulatorModule } from '../types';
import { loadFounderInvites } from './commands/founder';
import { actionRoutes } from './routes';
import { ACTIONS_SCHEMA } from './schema';

export const actionsModule: EmulatorModule = {
  name: 'actions',
  schema: ACTIONS_SCHEMA,
  routes: actionRoutes,
  loadFixture(svc, fixture) {
    const insert = svc.db.prepare('INSERT OR REPLACE INTO person_flags (person_id, founder) VALUES (?, 1)');
    for (const person of fixture.people as Array<{ id: string; founder?: boolean }>) if (person.founder === true) insert.run(person.id);
    loadFounderInvites(svc, fixture.founder_invites);
  },
};
