// `wsc task list|show|create|update|link`.
import {
  TASK_PRIORITY_NAMES,
  assigneeNeedsPeople,
  assigneePatch,
  everyone,
  resolveAssignee,
  type AssigneeResolution,
  hasTaskFieldFilter,
  matchesTaskFields,
  TASK_REF_PATTERN,
  branchFacts,
  editorOpenUri,
  parseEditorOpenUri,
  planPrLink,
  readTask,
  taskFieldRows,
  taskNames,
  taskRefOfBranch,
  type Client,
  type CreateTaskInput,
  type GitContext,
  type PatchTaskInput,
  type PatchTaskResult,
  type PrLinkPlan,
  type Task,
  type TaskFieldFilter,
  type TaskNames,
  type TasksQuery,
  type TaskRow,
  loadWholeTasks,
  listNotesText,
  type WholeTasks,
} from '../shared/index';
import { integerFlag, noExtraPositionals, parseArgs, required, type ParsedArgs } from './args';
import { findChannel } from './channel-lookup';
import { usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { cachedMark, readLiveOrCached } from '../term/offline-cache';
import { writeThroughOutbox } from './session-write';
import { readGitContext } from '../term/git';
import { createOutput, padSafe, safe, term, type Output, type SafeText } from './output';
import { textOrStdin } from './stdin';
import { resolvePerson } from './people';
import { parseKind, parsePriority, parseStatus } from './task-fields';
import { writeMarkdown } from './markdown-output';

const FIELD_FLAGS = ['title', 'description', 'kind', 'status', 'priority', 'epic', 'channel', 'label', 'note', 'assignee', 'assignee-user', 'assignee-agent'];

export async function runTask(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return list(parseArgs('task list', rest, { strings: ['status', 'assignee', 'epic', 'channel', 'kind', 'text', 'limit', 'priority', 'label'], booleans: ['mine', 'offline'], multiple: ['label'] }));
    case 'show':
      return show(parseArgs('task show', rest, { booleans: ['editor-link'] }));
    case 'start':
      return (await import('./task-start')).startTask(parseArgs('task start', rest, { strings: ['pattern', 'base'], booleans: ['carry'] }));
    case 'create':
      return create(parseArgs('task create', rest, { strings: FIELD_FLAGS, multiple: ['label'] }));
    case 'update':
      return update(parseArgs('task update', rest, { strings: FIELD_FLAGS, multiple: ['label'] }));
    case 'link':
      return link(parseArgs('task link', rest, { strings: ['base'], booleans: ['unlink'] }));
    default:
      throw usageError(sub ? `task: unknown subcommand '${sub}'.` : 'task: missing the subcommand.', "Use list, show, start, create, update or link; see 'wsc task --help'.");
  }
}

/** The task's uuid for a T-ref (list filters take ids); ids pass through. */
async function taskIdOf(client: Client, idOrRef: string): Promise<string> {
  if (!TASK_REF_PATTERN.test(idOrRef.toUpperCase())) return idOrRef;
  return (await getTask(client, idOrRef.toUpperCase())).id;
}

async function getTask(client: Client, idOrRef: string): Promise<Task> {
  return readTask(client, normaliseRef(idOrRef));
}

const normaliseRef = (v: string) => (TASK_REF_PATTERN.test(v.toUpperCase()) ? v.toUpperCase() : v);

async function list(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'task list');
  const out = createOutput();
  if (args.flags.mine && args.values.assignee) throw usageError('task list: --mine and --assignee cannot be used together.', 'Pick one.');
  const limit = integerFlag(args, 'limit', 'task list', { min: 1 });
  // The service filters by status, assignee, epic, channel, kind and text; priority and labels are
  // matched here, over the whole list, before --limit.
  const fieldFilter: TaskFieldFilter = { priority: parsePriority(args.values.priority), labels: args.lists.label ?? [] };
  const filtering = hasTaskFieldFilter(fieldFilter);
  return withClient(args, async ({ client, connection }) => {
    const offline = args.flags.offline === true;
    // Offline, the kept list is filtered here by status, kind and the field filters; filters that
    // need the service (assignee by name, epic, channel, text) cannot be.
    const needsService = args.values.assignee !== undefined || args.flags.mine === true || args.values.epic !== undefined || args.values.channel !== undefined || args.values.text !== undefined;
    const status = parseStatus(args.values.status);
    const kind = parseKind(args.values.kind);
    const read = await readLiveOrCached<WholeTasks>(
      { offline, warn: (line) => out.note(safe(line)), what: 'the task list', connection },
      async () => {
        const query: TasksQuery = {
          status,
          kind,
          assignee: args.flags.mine ? 'me' : args.values.assignee === undefined ? undefined : await resolvePerson(client, args.values.assignee, '--assignee'),
          q: args.values.text,
        };
        if (args.values.epic) query.epic_id = await taskIdOf(client, args.values.epic);
        if (args.values.channel) query.channel_id = (await findChannel(client, args.values.channel)).id;
        // Without --limit (or with field filters, matched here) the whole list: each status asked at the service's most.
        return loadWholeTasks(client, filtering || limit === undefined ? query : { ...query, limit });
      },
      (cache) => {
        if (needsService) return undefined;
        const kept = cache.get<TaskRow[]>('tasks');
        if (!kept) return undefined;
        const rows = kept.value.filter((t) => (status === undefined || t.status === status) && (kind === undefined || t.kind === kind));
        const tasks = filtering || limit === undefined ? rows : rows.slice(0, limit);
        return { value: { tasks, truncated: tasks.length < rows.length, cutStatuses: [], repeated: 0, extra: 0, requests: 0 }, savedAt: kept.savedAt };
      },
    );
    const whole = read.value;
    const matching = filtering ? whole.tasks.filter((t) => matchesTaskFields(t, fieldFilter)) : whole.tasks;
    const tasks = filtering && limit !== undefined ? matching.slice(0, limit) : matching;
    const truncated = whole.truncated || tasks.length < matching.length;
    const notes = listNotesText(whole);
    if (notes !== null) out.note(term`wsc: ${safe(notes)}`);
    if (truncated) out.note(cutNote(tasks.length, whole.cutStatuses, limit));
    if (args.json) {
      out.json({ tasks, ...(truncated ? { truncated: true } : {}), ...cachedMark(read) });
      return 0;
    }
    if (tasks.length === 0) out.line(term`No tasks match.`);
    for (const t of tasks) {
      const pri = t.priority ? term` ${out.dim(safe(TASK_PRIORITY_NAMES[t.priority]))}` : '';
      out.line(term`${out.bold(padSafe(safe(t.ref), 6))} ${padSafe(safe(t.status), 9)} ${t.kind === 'epic' ? term`[epic] ` : ''}${safe(t.title)}${pri}${t.pr_url ? out.dim(term` ${safe(t.pr_url)}`) : ''}`);
    }
    return 0;
  });
}

/** The stderr line for a list that may be cut: how many are shown, where more may be, the flags that narrow. */
function cutNote(shown: number, cutStatuses: readonly string[], limit: number | undefined): SafeText {
  const where = cutStatuses.length > 0 ? ` (more may be ${cutStatuses.join(', ')})` : '';
  const why = limit !== undefined ? ` (--limit ${limit})` : '';
  return term`wsc: showing ${safe(String(shown))} tasks${safe(why)}; more exist or may exist${safe(where)}. Narrow with --status, --epic, --channel or --text, or raise --limit; wsc task show T-n opens any task.`;
}

async function show(args: ParsedArgs): Promise<number> {
  const ref = required(args, 0, 'the task (T-n or id)', 'task show');
  noExtraPositionals(args, 1, 'task show');
  const out = createOutput();
  if (args.flags['editor-link']) {
    // The link needs no service: the ref is checked here and the editor reads the task itself.
    const target = parseEditorOpenUri(`task=${encodeURIComponent(ref)}`);
    if (target === null) throw usageError(`task show: --editor-link needs a T-ref, not '${ref}'.`, 'e.g. wsc task show T-12 --editor-link');
    const uri = editorOpenUri(target);
    if (args.json) out.json({ editor_link: uri });
    else out.line(safe(uri));
    return 0;
  }
  return withClient(args, async ({ client }) => {
    const task = await getTask(client, ref);
    if (args.json) {
      out.json({ task });
      return 0;
    }
    // Names, not ids: the assignee, the channel and the epic as people read them.
    printTask(out, task, await taskNames(client, task));
    return 0;
  });
}

function printTask(out: Output, t: Task, names?: TaskNames): void {
  out.line(term`${out.bold(safe(t.ref))} ${safe(t.title)}${t.kind === 'epic' ? term` [epic]` : ''}`);
  for (const [name, value] of taskFieldRows(t, names ?? null, { withId: true })) out.line(term`  ${out.dim(padSafe(safe(name), 12))} ${safe(value)}`);
  if (t.description) {
    out.line();
    writeMarkdown(out, t.description, '  ');
  }
}

async function fieldsFrom(args: ParsedArgs, client: Client): Promise<PatchTaskInput> {
  const v = args.values;
  const fields: PatchTaskInput = {};
  if (v.title !== undefined) fields.title = v.title;
  if (v.description !== undefined) fields.description = await textOrStdin(v.description);
  if (v.kind !== undefined) fields.kind = parseKind(v.kind);
  if (v.status !== undefined) fields.status = parseStatus(v.status);
  if (v.priority !== undefined) fields.priority = parsePriority(v.priority);
  if (v.epic !== undefined) fields.epic_id = v.epic === 'none' ? null : await taskIdOf(client, v.epic);
  if (v.channel !== undefined) fields.channel_id = v.channel === 'none' ? null : (await findChannel(client, v.channel)).id;
  if (args.lists.label !== undefined) fields.labels = args.lists.label;
  if (v.note !== undefined) fields.append_note = v.note;
  Object.assign(fields, await assigneeFields(args, client));
  return fields;
}

/** --assignee (a person or an agent, cleared the other), --assignee-user, --assignee-agent: me|@handle|name|id|none, resolved in shared/. */
async function assigneeFields(args: ParsedArgs, client: Client): Promise<PatchTaskInput> {
  const given = (['assignee', 'assignee-user', 'assignee-agent'] as const).filter((flag) => args.values[flag] !== undefined);
  if (given.length === 0) return {};
  if (given.length > 1 && given.includes('assignee')) throw usageError('task update: --assignee cannot be used with --assignee-user or --assignee-agent.', 'Pick one: --assignee sets a person or an agent.');
  const needsPeople = given.some((flag) => assigneeNeedsPeople(args.values[flag] as string));
  const people = needsPeople ? await everyone(client) : [];
  const needsMe = given.some((flag) => (args.values[flag] as string).trim() === 'me');
  const me = needsMe ? await client.me() : null;
  const fields: PatchTaskInput = {};
  for (const flag of given) {
    const value = args.values[flag] as string;
    const only = flag === 'assignee-user' ? 'person' : flag === 'assignee-agent' ? 'agent' : undefined;
    const resolved = resolveAssignee(value, people, me, only);
    if (!resolved.ok) throw assigneeError(`--${flag}`, value, resolved, only);
    const patch = assigneePatch(resolved.target);
    if (flag === 'assignee') Object.assign(fields, patch);
    else if (flag === 'assignee-user') fields.assignee_user_id = patch.assignee_user_id;
    else fields.assignee_agent_id = patch.assignee_agent_id;
  }
  return fields;
}

function assigneeError(flag: string, value: string, resolved: Extract<AssigneeResolution, { ok: false }>, only: 'person' | 'agent' | undefined): Error {
  const v = value.trim();
  if (resolved.reason === 'ambiguous') return usageError(`${flag}: '${v}' names ${resolved.matches.length} people (${resolved.matches.map((m) => `@${m.handle}`).join(', ')}).`, 'Give the @handle.');
  if (resolved.reason === 'wrong-kind') {
    return usageError(`${flag}: '${v}' is ${only === 'agent' ? 'a person, not an agent' : 'an agent, not a person'}.`, `Use --assignee ${v} (it sets a person or an agent).`);
  }
  return usageError(`${flag}: nobody called '${v}' in the channels you can read.`, "Run 'wsc people' for handles and names, or give an id, 'me' or 'none'.");
}

async function create(args: ParsedArgs): Promise<number> {
  const words = args.positionals;
  const title = words.join(' ').trim() || args.values.title?.trim();
  if (!title) throw usageError('task create: missing the title.', "e.g. wsc task create 'Fix the login page' --status todo");
  const out = createOutput();
  for (const flag of ['note', 'assignee', 'assignee-user', 'assignee-agent']) {
    if (args.values[flag] !== undefined) throw usageError(`task create: --${flag} applies to 'task update' only.`, 'Create the task first, then update it.');
  }
  return withClient(args, async ({ client }) => {
    const fields = await fieldsFrom(args, client);
    const input: CreateTaskInput = { title };
    if (fields.description !== undefined) input.description = fields.description;
    if (fields.kind !== undefined) input.kind = fields.kind;
    if (fields.status !== undefined) input.status = fields.status;
    if (fields.priority !== undefined) input.priority = fields.priority;
    if (fields.epic_id) input.epic_id = fields.epic_id;
    if (fields.channel_id) input.channel_id = fields.channel_id;
    if (fields.labels !== undefined) input.labels = fields.labels;
    const result = await client.createTask(input);
    if (args.json) out.json(result);
    else out.line(term`Created ${safe(result.ref)} (${safe(result.id)}).`);
    return 0;
  });
}

async function update(args: ParsedArgs): Promise<number> {
  const ref = required(args, 0, 'the task (T-n or id)', 'task update');
  noExtraPositionals(args, 1, 'task update');
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const patch = await fieldsFrom(args, client);
    if (Object.keys(patch).length === 0) {
      throw usageError('task update: nothing to change.', 'Give at least one of --status, --priority, --title, --note, ... (see wsc task --help).');
    }
    // While the service cannot be reached the change waits in the outbox (exit 8).
    const written = await writeThroughOutbox(client, connection, { kind: 'task_update', taskRef: normaliseRef(ref), patch }, out, args.json);
    if (written.kind === 'queued') return written.exitCode;
    const result = written.result as PatchTaskResult;
    if (args.json) out.json(result);
    else out.line(term`Updated ${safe(result.ref)}: ${safe(Object.keys(patch).join(', '))}.`);
    return 0;
  });
}

async function link(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 2, 'task link');
  const out = createOutput();
  // [T-n] [url], either may be left out: a first argument that looks like a URL is the URL.
  let [refArg, urlArg] = args.positionals;
  if (refArg !== undefined && urlArg === undefined && !TASK_REF_PATTERN.test(refArg.toUpperCase()) && /^[a-z][a-z0-9+.-]*:/i.test(refArg)) {
    urlArg = refArg;
    refArg = undefined;
  }
  if (args.flags.unlink && urlArg !== undefined) throw usageError('task link: give a URL or --unlink, not both.', 'wsc task link T-3 --unlink');

  const git = await readGitContext();
  const ref = refArg ?? taskRefOfBranch(git);
  if (!ref) {
    throw usageError(
      git?.branch ? `task link: the branch '${git.branch}' names no task (T-n).` : 'task link: which task? Give its T-ref.',
      'e.g. wsc task link T-42 https://github.com/OWNER/REPO/pull/7, or run it on a branch like feature/T-42-fix-login.',
    );
  }
  const input = args.flags.unlink ? '' : urlArg;
  // A T-ref is planned (and a bad URL refused) before connecting; a uuid needs the task's ref first.
  const refNow = TASK_REF_PATTERN.test(ref.toUpperCase()) ? ref.toUpperCase() : null;
  if (refNow !== null) planOrRefuse(input, refNow, git);

  return withClient(args, async ({ client }) => {
    const taskRef = refNow ?? (await getTask(client, ref)).ref;
    const plan = planOrRefuse(input, taskRef, git);
    // Only the branch was recorded: say where its pull request can be opened.
    const openPr = plan.kind === 'branch' ? (branchFacts({ ref: taskRef }, git, { base: args.values.base })?.openPrUrl ?? null) : null;
    const result = await client.patchTask(normaliseRef(ref), plan.patch);
    if (args.json) {
      out.json({ ...result, linked: plan.patch, ...(openPr ? { open_pull_request_url: openPr } : {}) });
      return 0;
    }
    const patch = plan.patch;
    if (plan.kind === 'unlink') out.line(term`Unlinked the pull request of ${safe(result.ref)}.`);
    else if (plan.kind === 'link') out.line(term`Linked ${safe(result.ref)} to ${safe(plan.url)}.`);
    if (patch.branch) out.line(term`${safe(result.ref)}: branch ${safe(patch.branch)}${patch.repo_full_name ? term` of ${safe(patch.repo_full_name)}` : ''}.`);
    if (plan.kind === 'link' && plan.branchNote) out.line(out.dim(safe(plan.branchNote)));
    if (openPr) out.line(term`Open a pull request: ${safe(openPr)}`);
    return 0;
  });
}

/** The shared link plan, or the usage error (exit 2) that says what is wrong; nothing is sent then. */
function planOrRefuse(input: string | undefined, ref: string, git: GitContext | null): Exclude<PrLinkPlan, { kind: 'invalid' }> {
  const plan = planPrLink(input, { ref }, git);
  if (plan.kind === 'invalid') throw usageError(`task link: ${plan.message}`, plan.hint);
  return plan;
}
