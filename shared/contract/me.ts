// GET /me.

import { Type, type Static } from './schema-kit';

export const IdentitySchema = Type.Object(
  {
    kind: Type.Literal('person'),
    userId: Type.String(),
    name: Type.String(),
    workspaceId: Type.String(),
    workspace: Type.String(),
    note: Type.String(),
    /** (ours) the person's @handle, for mention completion and "is this mine". */
    handle: Type.String({ description: "(ours) the person's @handle" }),
  },
  { $id: 'Identity' },
);
export type Identity = Static<typeof IdentitySchema>;
