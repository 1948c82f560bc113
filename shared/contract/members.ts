// Channel members.

import { AUTHOR_KINDS } from './values';
import { ref, stringEnum, Type, type Static } from './schema-kit';

export const MemberSchema = Type.Object(
  {
    id: Type.String(),
    kind: stringEnum(AUTHOR_KINDS),
    name: Type.String(),
    handle: Type.String(),
    mention: Type.String({ description: 'Ready-to-paste mention, `@handle`.' }),
  },
  { $id: 'Member' },
);
export type Member = Static<typeof MemberSchema>;

export const MembersResponseSchema = Type.Object({ members: Type.Array(ref(MemberSchema)) }, { $id: 'MembersResponse' });
export type MembersResponse = Static<typeof MembersResponseSchema>;
