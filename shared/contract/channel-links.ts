// Repository, branch and pull-request links of a channel.

export type LinkKind = 'repository' | 'branch' | 'pull_request';
export type LinkState = 'open' | 'merged' | 'closed';

export interface Link {
  kind: LinkKind;
  url: string;
  repo_full_name: string | null;
  branch: string | null;
  number: number | null;
  state: LinkState | null;
  updated_at: string;
}

export interface LinksResponse {
  links: Link[];
}
