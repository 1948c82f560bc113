// Workspace commands. The local service hosts one workspace: create_workspace records a new one
// (not reachable with this token); leaving revokes the person's tokens; deleting revokes every token.
import { COMMANDS } from '../../../shared/contract';
import { conflict, invalidRequest, notFound } from '../../errors';
import { findPerson, requireWorkspace, str, type CommandHandler } from '../command';

const createWorkspace: CommandHandler = ({ svc, who, input }) => {
  const id = svc.newId();
  const name = str(input, 'name').trim();
  if (!name) throw invalidRequest('name must not be blank.', 'Send a workspace name of 1 to 80 characters.');
  svc.db.prepare('INSERT INTO created_workspaces (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)').run(id, name, who.personId, svc.nextTimestamp());
  return { workspace: { id, name, ownerId: who.personId } };
};

const updateWorkspace: CommandHandler = (c) => {
  const { svc, input } = c;
  requireWorkspace(c, str(input, 'workspaceId'));
  const ws = svc.workspace();
  const name = input.name === undefined ? ws.name : str(input, 'name').trim();
  if (!name) throw invalidRequest('name must not be blank.', 'Send a workspace name of 1 to 80 characters.');
  svc.setMeta('workspace', { ...ws, name });
  const profile = { ...(svc.getMeta<{ avatarUrl: string | null }>('workspace_profile') ?? { avatarUrl: null }) };
  if (input.avatarUrl !== undefined) profile.avatarUrl = str(input, 'avatarUrl');
  svc.setMeta('workspace_profile', profile);
  return { workspace: { id: ws.id, name, avatarUrl: profile.avatarUrl } };
};

const leaveWorkspace: CommandHandler = (c) => {
  const { svc, who, input } = c;
  requireWorkspace(c, str(input, 'workspaceId'));
  if (who.role === 'owner') {
    throw conflict('The owner cannot leave the workspace.', 'Transfer ownership first (transfer_workspace), then leave.');
  }
  svc.db.prepare('DELETE FROM channel_members WHERE member_id = ?').run(who.personId);
  svc.db.prepare('UPDATE tokens SET revoked = 1 WHERE person_id = ?').run(who.personId);
  return { left: true, workspaceId: svc.workspace().id };
};

const transferWorkspace: CommandHandler = (c) => {
  const { svc, who, input } = c;
  requireWorkspace(c, str(input, 'workspaceId'));
  const userId = str(input, 'userId');
  const target = findPerson(svc, userId);
  if (!target) throw notFound('Person', 'Pick a current member of this workspace (GET /api/v1/channels/{id}/members lists people).');
  if (target.id === who.personId) throw invalidRequest('You already own this workspace.', 'Send the userId of another member.');
  if (target.role === 'guest') throw invalidRequest('A guest cannot become the owner.', 'Make the person a member first, or pick another member.');
  svc.db.prepare("UPDATE people SET role = 'owner' WHERE id = ?").run(target.id);
  svc.db.prepare("UPDATE people SET role = 'admin' WHERE id = ?").run(who.personId);
  return { ownerId: target.id, previousOwnerRole: 'admin' };
};

const deleteWorkspace: CommandHandler = (c) => {
  const { svc, input } = c;
  requireWorkspace(c, str(input, 'workspaceId'));
  svc.db.prepare('UPDATE tokens SET revoked = 1').run();
  svc.setMeta('workspace_deleted_at', svc.clock.nowIso());
  return { deleted: true, workspaceId: svc.workspace().id };
};

export const workspaceCommands: Record<string, CommandHandler> = {
  [COMMANDS.createWorkspace]: createWorkspace,
  [COMMANDS.updateWorkspace]: updateWorkspace,
  [COMMANDS.leaveWorkspace]: leaveWorkspace,
  [COMMANDS.transferWorkspace]: transferWorkspace,
  [COMMANDS.deleteWorkspace]: deleteWorkspace,
};
