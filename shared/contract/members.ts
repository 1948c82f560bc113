// Channel members.

export interface Member {
  id: string;
  kind: 'person' | 'agent';
  name: string;
  handle: string;
  /** Ready-to-paste mention, `@handle`. */
  mention: string;
}

export interface MembersResponse {
  members: Member[];
}
