// GET /me.

export interface Identity {
  kind: 'person';
  userId: string;
  name: string;
  workspaceId: string;
  workspace: string;
  note: string;
  /** (ours) the person's @handle, for mention completion and "is this mine". */
  handle: string;
}
