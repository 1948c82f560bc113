// Docs.

import { LIMITS } from './limits';
import { id, limitParameter, nullable, queryParameters, ref, requestBody, requiredText, text, timestamp, Type, type Static } from './schema-kit';

/** A doc's fields as lists show them (everything but the body). */
const docListFields = {
  id: Type.String(),
  title: Type.String(),
  parent_id: nullable(Type.String()),
  is_folder: Type.Boolean(),
  created_at: timestamp(),
  updated_at: timestamp({ description: "The doc's version: send it back as expected_updated_at to save without overwriting." }),
  mirrors_rules_file: Type.Boolean({ description: "(ours) true when the doc mirrors the repository's rules file (saves become pull requests)" }),
};

export const DocListItemSchema = Type.Object(docListFields, { $id: 'DocListItem' });
export type DocListItem = Static<typeof DocListItemSchema>;

export const DocSchema = Type.Object({ ...docListFields, body: Type.String({ description: 'Full Markdown' }) }, { $id: 'Doc' });
export type Doc = Static<typeof DocSchema>;

export const DocsResponseSchema = Type.Object({ docs: Type.Array(ref(DocListItemSchema)) }, { $id: 'DocsResponse' });
export type DocsResponse = Static<typeof DocsResponseSchema>;

export const DocsQuerySchema = queryParameters(
  {
    q: Type.Optional(text(LIMITS.queryTextMax, { description: 'Searches title and body instead of listing.' })),
    limit: Type.Optional(limitParameter(LIMITS.docsDefault, LIMITS.docsMax)),
  },
  { $id: 'DocsQuery' },
);
export type DocsQuery = Static<typeof DocsQuerySchema>;

export const CreateDocInputSchema = requestBody(
  {
    title: requiredText(LIMITS.docTitleMax),
    body: text(LIMITS.docBodyMax, { description: 'Markdown; may be empty.' }),
    parent_id: Type.Optional(id({ description: 'The folder to create it in.' })),
  },
  { $id: 'CreateDocInput' },
);
export type CreateDocInput = Static<typeof CreateDocInputSchema>;

export const CreateDocResultSchema = Type.Object({ id: Type.String() }, { $id: 'CreateDocResult' });
export type CreateDocResult = Static<typeof CreateDocResultSchema>;

export const PatchDocInputSchema = requestBody(
  {
    body: text(LIMITS.docBodyMax, { description: 'The whole new Markdown body.' }),
    expected_updated_at: Type.Optional(
      Type.String({ minLength: 1, maxLength: LIMITS.timestampMax, description: "The updated_at the edit started from; 409 when the doc changed since." }),
    ),
  },
  { $id: 'PatchDocInput' },
);
export type PatchDocInput = Static<typeof PatchDocInputSchema>;

export const PatchDocResultSchema = Type.Union(
  [
    Type.Object({ saved: Type.Literal(true), updated_at: timestamp() }),
    Type.Object({ saved: Type.Literal(false), pull_request: Type.Object({ url: Type.String(), number: Type.Integer() }) }),
  ],
  { $id: 'PatchDocResult' },
);
export type PatchDocResult = Static<typeof PatchDocResultSchema>;
