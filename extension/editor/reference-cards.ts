/**
 * The Markdown of the hover cards (a task, a message link, a person), vscode-free. Text from the
 * service is escaped; the only links are command links to the commands in CARD_COMMANDS (the hover
 * trusts exactly those) and the task's pull request.
 */
import { TASK_PRIORITY_NAMES, type Member } from '../../shared/index';
import { COMMAND_IDS, EDITOR_COMMAND_IDS } from '../ids';
import type { MessagePreview, TaskCardData } from './reference-cache';

/** The commands a card may run; the hover's MarkdownString trusts only these. */
export const CARD_COMMANDS: readonly string[] = [EDITOR_COMMAND_IDS.openTask, COMMAND_IDS.setTaskStatus, EDITOR_COMMAND_IDS.copyTaskLink, COMMAND_IDS.openMessageLink];

const PREVIEW_LINES = 4;
const PREVIEW_CHARS = 400;

/** Backslash-escapes Markdown's punctuation so service text shows as typed. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`);
}

export function commandLink(label: string, command: string, arg: unknown): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
}

/** "- 2026-11-20: deployed to staging" lines are notes (append_note); the last one, without its dash. */
export function lastNote(description: string): string | null {
  const notes = description.split('\n').filter((l) => /^- \d{4}-\d{2}-\d{2}: /.test(l));
  const last = notes.at(-1);
  return last ? last.slice(2) : null;
}

function statusLabel(status: string): string {
  return status.replace('_', ' ');
}

export function taskCardMarkdown(card: TaskCardData): string {
  const { task } = card;
  const lines: string[] = [];
  lines.push(`**${escapeMarkdown(task.ref)} ${escapeMarkdown(task.title)}**${task.kind === 'epic' ? ' _(epic)_' : ''}`);
  lines.push('');
  const facts = [`$(circle-large-outline) ${statusLabel(task.status)}`, `priority ${TASK_PRIORITY_NAMES[task.priority] ?? String(task.priority)}`];
  lines.push(facts.join(' · '));
  lines.push('');
  lines.push(`Assignee: ${card.assignee ? escapeMarkdown(card.assignee) : task.assignee_user_id || task.assignee_agent_id ? 'someone outside your channels' : 'unassigned'}`);
  if (card.epic) lines.push(`\nEpic: ${escapeMarkdown(card.epic)}`);
  if (card.pullRequest) {
    const pr = card.pullRequest;
    const name = pr.number !== null ? `PR #${pr.number}` : 'Pull request';
    const state = pr.state ? ` · ${pr.state}` : '';
    lines.push(`\nPull request: [${escapeMarkdown(name)}](${pr.url})${state}`);
  }
  const note = lastNote(task.description);
  if (note) lines.push(`\nLast note: ${escapeMarkdown(note)}`);
  lines.push('');
  lines.push('---');
  const row = { id: task.id, ref: task.ref, title: task.title, status: task.status, priority: task.priority };
  lines.push(
    [
      commandLink('Open', EDITOR_COMMAND_IDS.openTask, { ref: task.ref }),
      commandLink('Set Status…', COMMAND_IDS.setTaskStatus, row),
      commandLink('Copy Link', EDITOR_COMMAND_IDS.copyTaskLink, { ref: task.ref }),
    ].join(' · '),
  );
  return lines.join('\n');
}

/** The first lines of a message body, cut to stay a preview. */
export function previewText(body: string): string {
  const lines = body.split('\n').slice(0, PREVIEW_LINES).join('\n');
  const cut = lines.length > PREVIEW_CHARS ? `${lines.slice(0, PREVIEW_CHARS - 1)}…` : lines;
  return cut + (body.split('\n').length > PREVIEW_LINES && cut === lines ? '\n…' : '');
}

export function messageCardMarkdown(preview: MessagePreview): string {
  const who = `${escapeMarkdown(preview.author)}${preview.authorKind === 'agent' ? ' _(agent)_' : ''}`;
  const quoted = previewText(preview.body)
    .split('\n')
    .map((l) => `> ${escapeMarkdown(l)}`)
    .join('\n');
  return [`**${who}** in **#${escapeMarkdown(preview.channelName)}** · ${escapeMarkdown(preview.createdAt.slice(0, 16).replace('T', ' '))}`, '', quoted, '', '---', commandLink('Open in channel', COMMAND_IDS.openMessageLink, preview.url)].join('\n');
}

export function personCardMarkdown(member: Member): string {
  const role = member.kind === 'agent' ? 'Agent' : 'Person';
  return [`**${escapeMarkdown(member.name)}** · @${escapeMarkdown(member.handle)}`, '', `${role} in this workspace`].join('\n');
}
