// Welcome / onboarding. Answers are patched key by key; finishing creates an editable
// "Project brief" doc once when a project was described (answers.project); repeating keeps it.
// Setup progress is derived from the workspace itself.
import { COMMANDS } from '../../../shared/contract';
import type { Services } from '../../types';
import { requireWorkspace, str, type CommandContext, type CommandHandler } from '../command';

type Answers = Record<string, unknown>;

interface OnboardingRow {
  workspace_id: string;
  answers: string;
  finished_at: string | null;
  doc_id: string | null;
}

function row(svc: Services, workspaceId: string): OnboardingRow {
  return (
    (svc.db.prepare('SELECT * FROM onboarding WHERE workspace_id = ?').get(workspaceId) as OnboardingRow | undefined) ?? {
      workspace_id: workspaceId,
      answers: '{}',
      finished_at: null,
      doc_id: null,
    }
  );
}

function save(svc: Services, r: OnboardingRow): void {
  svc.db
    .prepare('INSERT OR REPLACE INTO onboarding (workspace_id, answers, finished_at, doc_id, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(r.workspace_id, r.answers, r.finished_at, r.doc_id, svc.clock.nowIso());
}

function count(svc: Services, sql: string): number {
  return (svc.db.prepare(sql).get() as { n: number }).n;
}

function out(c: CommandContext, r: OnboardingRow) {
  const { svc } = c;
  const answers = JSON.parse(r.answers) as Answers;
  const id = r.workspace_id;
  return {
    workspaceId: id,
    answers,
    finished: r.finished_at !== null,
    finishedAt: r.finished_at,
    docId: r.doc_id,
    progress: {
      invite: count(svc, "SELECT COUNT(*) AS n FROM people WHERE role != 'guest'") > 1,
      agent: count(svc, 'SELECT COUNT(*) AS n FROM agents') > 0,
      repo: count(svc, "SELECT COUNT(*) AS n FROM links WHERE kind = 'repository'") > 0,
      connections: Array.isArray(answers.connectionInterests) && answers.connectionInterests.length > 0,
      skills: Array.isArray(answers.skillInterests) && answers.skillInterests.length > 0,
      first_contribution: count(svc, "SELECT COUNT(*) AS n FROM messages WHERE author_kind = 'person'") > 0,
    },
    setupPages: { welcome: `/w/${id}/welcome`, setup: `/w/${id}?setup=1` },
  };
}

const getOnboarding: CommandHandler = (c) => {
  requireWorkspace(c, str(c.input, 'workspaceId'));
  return out(c, row(c.svc, str(c.input, 'workspaceId')));
};

const saveOnboarding: CommandHandler = (c) => {
  requireWorkspace(c, str(c.input, 'workspaceId'));
  const r = row(c.svc, str(c.input, 'workspaceId'));
  const patch = c.input.answers as Answers;
  r.answers = JSON.stringify({ ...(JSON.parse(r.answers) as Answers), ...patch });
  save(c.svc, r);
  return out(c, r);
};

const finishOnboarding: CommandHandler = (c) => {
  const { svc } = c;
  requireWorkspace(c, str(c.input, 'workspaceId'));
  const r = row(svc, str(c.input, 'workspaceId'));
  const answers = JSON.parse(r.answers) as Answers;
  const project = typeof answers.project === 'string' ? answers.project.trim() : '';
  r.finished_at ??= svc.clock.nowIso();
  let docCreated = false;
  if (project && !r.doc_id) {
    const id = svc.newId();
    const at = svc.nextTimestamp();
    const body = `# Project brief\n\n${project}\n\n## Goals\n\n- \n\n## Open questions\n\n- \n`;
    svc.db
      .prepare('INSERT INTO docs (id, title, body, parent_id, is_folder, created_at, updated_at, mirrors_rules_file) VALUES (?, ?, ?, NULL, 0, ?, ?, 0)')
      .run(id, 'Project brief', body, at, at);
    r.doc_id = id;
    docCreated = true;
  }
  save(svc, r);
  return { ...out(c, r), docCreated };
};

export const onboardingCommands: Record<string, CommandHandler> = {
  [COMMANDS.getOnboarding]: getOnboarding,
  [COMMANDS.saveOnboarding]: saveOnboarding,
  [COMMANDS.finishOnboarding]: finishOnboarding,
};
