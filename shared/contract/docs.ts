// Docs.

export interface Doc {
  id: string;
  title: string;
  body: string;
  parent_id: string | null;
  is_folder: boolean;
  created_at: string;
  updated_at: string;
  /** (ours) true when the doc mirrors the repository's rules file (saves become pull requests). */
  mirrors_rules_file: boolean;
}

export type DocListItem = Omit<Doc, 'body'>;

export interface DocsResponse {
  docs: DocListItem[];
}

export interface DocsQuery {
  q?: string;
  limit?: number;
}

export interface CreateDocInput {
  title: string;
  body: string;
  parent_id?: string;
}

export interface CreateDocResult {
  id: string;
}

export interface PatchDocInput {
  body: string;
  expected_updated_at?: string;
}

export type PatchDocResult =
  | { saved: true; updated_at: string }
  | { saved: false; pull_request: { url: string; number: number } };
