// Docs: list/search, create, read, and compare-and-set edits. The rules-file mirror answers with a
// pull request instead of saving. Guests have no Docs: every doc route answers them 403.
import { CreateDocInputSchema, CreateDocResultSchema, DocSchema, DocsQuerySchema, DocsResponseSchema, PatchDocInputSchema, PatchDocResultSchema } from '../../shared/contract';
import { LIMITS, PATHS, type Doc, type DocListItem } from '../../shared/contract';
import { normalizeTimestamp } from '../clock';
import { created, ok } from '../dispatch';
import { conflict, invalidRequest, notFound, permissionRequired } from '../errors';
import { route } from '../route';
import type { AuthContext, EmulatorModule, RequestContext, Services } from '../types';
import { likePattern } from '../validate';

interface RawDoc {
  id: string;
  title: string;
  body: string;
  parent_id: string | null;
  is_folder: number;
  created_at: string;
  updated_at: string;
  mirrors_rules_file: number;
}

function docFromRow(r: RawDoc): Doc {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    parent_id: r.parent_id,
    is_folder: r.is_folder === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
    mirrors_rules_file: r.mirrors_rules_file === 1,
  };
}

function listItem(d: Doc): DocListItem {
  const { body: _body, ...item } = d;
  return item;
}

function noGuests(ctx: RequestContext): AuthContext {
  const me = ctx.who();
  if (me.role === 'guest') throw permissionRequired('Guests have no Docs.', 'Ask a workspace member to share the content in a channel you are in.');
  return me;
}

function findDoc(svc: Services, id: string): Doc {
  const row = svc.db.prepare('SELECT * FROM docs WHERE id = ?').get(id) as RawDoc | undefined;
  if (!row) throw notFound('Doc', 'Check the doc id (GET /api/v1/docs lists them).');
  return docFromRow(row);
}

/** Where a rules-file edit goes: the channel repository link when one is stored. */
function rulesPullRequest(svc: Services): { url: string; number: number } {
  const repo = svc.db.prepare("SELECT url FROM links WHERE kind = 'repository' ORDER BY updated_at LIMIT 1").get() as { url: string } | undefined;
  const number = (svc.getMeta<number>('rules_pr_last') ?? 0) + 1;
  svc.setMeta('rules_pr_last', number);
  return { url: `${(repo?.url ?? 'https://github.com/local/workspace').replace(/\/+$/, '')}/pull/${number}`, number };
}

export const docsModule: EmulatorModule = {
  name: 'docs',
  routes: [
    route({
      method: 'GET',
      path: PATHS.docs(),
      summary: 'List docs, or search titles and bodies with q', tag: 'docs', query: DocsQuerySchema, queryDefaults: { limit: LIMITS.docsDefault, q: '' }, answer: { schema: DocsResponseSchema },
      handler: (ctx) => {
        noGuests(ctx);
        const { limit } = ctx.query;
        const q = ctx.query.q.trim();
        const rows = (q
          ? ctx.svc.db
              .prepare("SELECT * FROM docs WHERE title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ?")
              .all(likePattern(q), likePattern(q), limit)
          : ctx.svc.db.prepare('SELECT * FROM docs ORDER BY created_at LIMIT ?').all(limit)) as RawDoc[];
        return ok({ docs: rows.map((r) => listItem(docFromRow(r))) });
      },
    }),
    route({
      method: 'POST',
      path: PATHS.docs(),
      summary: 'Create a doc', tag: 'docs', body: CreateDocInputSchema, answer: { status: 201, schema: CreateDocResultSchema },
      handler: (ctx) => {
        noGuests(ctx);
        const { svc } = ctx;
        const { title, body: text, parent_id: parentId } = ctx.body;
        if (parentId !== undefined) {
          const parent = svc.db.prepare('SELECT is_folder FROM docs WHERE id = ?').get(parentId) as { is_folder: number } | undefined;
          if (!parent) throw invalidRequest('parent_id does not name a doc folder.', 'Leave parent_id out for the root, or use the id of a folder from GET /api/v1/docs.');
          if (parent.is_folder !== 1) throw invalidRequest('parent_id names a doc, not a folder.', 'Use the id of a folder (is_folder: true).');
        }
        const id = svc.newId();
        const now = svc.nextTimestamp();
        svc.db
          .prepare('INSERT INTO docs (id, title, body, parent_id, is_folder, created_at, updated_at, mirrors_rules_file) VALUES (?, ?, ?, ?, 0, ?, ?, 0)')
          .run(id, title, text, parentId ?? null, now, now);
        return created({ id });
      },
    }),
    route({
      method: 'GET',
      path: PATHS.doc(':id'),
      summary: 'A doc with its Markdown body', tag: 'docs', params: { id: 'Doc id' }, answer: { schema: DocSchema },
      handler: (ctx) => {
        noGuests(ctx);
        return ok(findDoc(ctx.svc, ctx.params.id ?? ''));
      },
    }),
    route({
      method: 'PATCH',
      path: PATHS.doc(':id'),
      summary: 'Save a doc body (compare-and-set with expected_updated_at)', tag: 'docs', params: { id: 'Doc id' }, body: PatchDocInputSchema, answer: { schema: PatchDocResultSchema }, errors: [409],
      handler: (ctx) => {
        noGuests(ctx);
        const { svc } = ctx;
        const doc = findDoc(svc, ctx.params.id ?? '');
        const { body: text, expected_updated_at: expectedRaw } = ctx.body;
        if (expectedRaw !== undefined) {
          const expected = normalizeTimestamp(expectedRaw);
          if (!expected) throw invalidRequest('expected_updated_at must be an ISO timestamp.', 'Send the updated_at of the version you edited, exactly as GET returned it.');
          if (expected !== doc.updated_at) {
            throw conflict(
              'The doc changed since you read it.',
              'Fetch the latest version (GET /api/v1/docs/{id}), merge your edit into it and save again with its updated_at.',
              { current_updated_at: doc.updated_at },
            );
          }
        }
        if (doc.mirrors_rules_file) return ok({ saved: false, pull_request: rulesPullRequest(svc) });
        const now = svc.nextTimestamp();
        svc.db.prepare('UPDATE docs SET body = ?, updated_at = ? WHERE id = ?').run(text, now, doc.id);
        return ok({ saved: true, updated_at: now });
      },
    }),
  ],
};
