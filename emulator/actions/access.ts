// Who may run a command: the catalog's roles and scopes, the founder flag, and for admin and
// destructive commands both the live role and workspace:admin (checked role first).
import { permissionRequired } from '../errors';
import type { AuthContext, Services } from '../types';
import type { CommandSpec } from './catalog';

export function isFounder(svc: Services, personId: string): boolean {
  const row = svc.db.prepare('SELECT founder FROM person_flags WHERE person_id = ?').get(personId) as { founder: number } | undefined;
  return row?.founder === 1;
}

export function checkCommandAccess(svc: Services, who: AuthContext, spec: CommandSpec): void {
  if (!spec.roles.includes(who.role)) {
    const admin = spec.risk === 'admin' || spec.risk === 'destructive';
    throw permissionRequired(
      `Your role (${who.role}) cannot run ${spec.name}; it needs ${spec.roles.join(' or ')}.`,
      admin ? 'Ask a workspace admin or owner to do it, or to give you the admin role.' : 'Ask a workspace member with access to do it.',
    );
  }
  if (spec.founderOnly && !isFounder(svc, who.personId)) {
    throw permissionRequired(`${spec.name} is for verified founder accounts only.`, 'Ask the workspace founder to manage founder invitations.');
  }
  for (const scope of spec.scopes) {
    if (!who.scopes.includes(scope)) {
      throw permissionRequired(
        `This token lacks the ${scope} scope needed for ${spec.name}.`,
        `Create a token with the ${scope} scope (Connections in the workspace settings) and use it instead.`,
      );
    }
  }
}
