// Repository, branch and pull-request links of a channel.

import { nullable, ref, stringEnum, Type, type Static } from './schema-kit';
import { LINK_KINDS, LINK_STATES } from './values';

export const LinkSchema = Type.Object(
  {
    kind: stringEnum(LINK_KINDS),
    url: Type.String(),
    repo_full_name: nullable(Type.String()),
    branch: nullable(Type.String()),
    number: nullable(Type.Integer()),
    state: nullable(stringEnum(LINK_STATES)),
    updated_at: Type.String(),
  },
  { $id: 'Link' },
);
export type Link = Static<typeof LinkSchema>;

export const LinksResponseSchema = Type.Object({ links: Type.Array(ref(LinkSchema)) }, { $id: 'LinksResponse' });
export type LinksResponse = Static<typeof LinksResponseSchema>;
