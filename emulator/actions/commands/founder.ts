// Founder invitations (founder-only; the runner checks the founder flag and workspace:admin).
// No email is ever sent: a send records an attempt that the local "provider" accepts. To exercise
// retries, recipients whose local part ends in `+fail` get a transient failure on the first try
// of an attempt; retrying that attempt (deliveryAttemptId + new requestId) then succeeds.
import { randomBytes } from 'node:crypto';
import { COMMANDS } from '../../../shared/contract';
import { conflict, invalidRequest, notFound } from '../../errors';
import type { Services } from '../../types';
import { str, type CommandContext, type CommandHandler } from '../command';

/** A plan's one-seat monthly allowance (ours): the default creditsPerMonth. */
export const PLAN_MONTHLY_CREDITS = { pro: 2000, max: 10000 } as const;
const LIST_MAX = 200;
const DAY_MS = 86_400_000;

interface InviteRow {
  id: string;
  email: string;
  plan: 'pro' | 'max';
  months: number;
  subject: string;
  note: string;
  notes: string;
  accept_within_days: number;
  credits_per_month: number;
  status: 'draft' | 'sent' | 'claimed' | 'revoked';
  link_secret: string;
  created_by: string;
  created_at: string;
  accept_by: string;
  sent_at: string | null;
  claimed_at: string | null;
  revoked_at: string | null;
}

interface AttemptRow {
  id: string;
  invite_id: string;
  request_id: string;
  kind: 'send' | 'resend';
  tries: number;
  status: 'accepted' | 'failed';
  created_at: string;
  updated_at: string;
}

function findInvite(svc: Services, id: string): InviteRow {
  const row = svc.db.prepare('SELECT * FROM founder_invites WHERE id = ?').get(id) as InviteRow | undefined;
  if (!row) throw notFound('Invitation', 'Check the inviteId; list_founder_invites lists them.');
  return row;
}

function effectiveStatus(svc: Services, r: InviteRow): string {
  if ((r.status === 'draft' || r.status === 'sent') && Date.parse(r.accept_by) < svc.clock.nowMs()) return 'expired';
  return r.status;
}

function giftOf(svc: Services, r: InviteRow) {
  if (!r.claimed_at) return { status: r.status === 'revoked' ? 'revoked' : 'not_claimed', months: r.months, endsAt: null };
  const end = new Date(r.claimed_at);
  end.setUTCMonth(end.getUTCMonth() + r.months);
  return { status: end.getTime() > svc.clock.nowMs() ? 'active' : 'ended', months: r.months, endsAt: end.toISOString() };
}

function attemptsOf(svc: Services, inviteId: string) {
  const rows = svc.db.prepare('SELECT * FROM founder_invite_attempts WHERE invite_id = ? ORDER BY created_at').all(inviteId) as AttemptRow[];
  return rows.map((a) => ({ sendAttemptId: a.id, kind: a.kind, tries: a.tries, status: a.status, createdAt: a.created_at, updatedAt: a.updated_at }));
}

function inviteOut(svc: Services, r: InviteRow) {
  return {
    id: r.id,
    email: r.email,
    plan: r.plan,
    months: r.months,
    subject: r.subject,
    note: r.note,
    notes: r.notes,
    acceptWithinDays: r.accept_within_days,
    creditsPerMonth: r.credits_per_month,
    status: effectiveStatus(svc, r),
    createdAt: r.created_at,
    acceptBy: r.accept_by,
    sentAt: r.sent_at,
    claimedAt: r.claimed_at,
    revokedAt: r.revoked_at,
    gift: giftOf(svc, r),
    sendAttempts: attemptsOf(svc, r.id),
  };
}

function privateLink(svc: Services, r: InviteRow): string {
  return `${svc.baseUrl()}/invite/founder/${encodeURIComponent(r.id)}?k=${r.link_secret}`;
}

function emailOf(c: CommandContext, r: InviteRow) {
  const founder = (c.svc.db.prepare('SELECT name FROM people WHERE id = ?').get(r.created_by) as { name: string } | undefined)?.name ?? 'A founder';
  const plan = r.plan === 'max' ? 'Max' : 'Pro';
  const link = privateLink(c.svc, r);
  const lines = [
    'Hi,',
    '',
    `${founder} is gifting you ${r.months} month${r.months === 1 ? '' : 's'} of the ${plan} plan, with ${r.credits_per_month} credits per month for one workspace.`,
    ...(r.note ? ['', r.note] : []),
    '',
    `Accept by ${r.accept_by.slice(0, 10)}: ${link}`,
    '',
    'Gift credits refresh on calendar-month anniversaries, do not accumulate and expire at the end. No subscription or charge follows.',
  ];
  return { email: { to: r.email, subject: r.subject, text: lines.join('\n') }, link };
}

function requireOpen(svc: Services, r: InviteRow, doing: string): void {
  const status = effectiveStatus(svc, r);
  if (status === 'revoked') throw conflict(`The invitation is revoked; it cannot be ${doing}.`, 'Create a new invitation instead.');
  if (status === 'claimed') throw conflict(`The invitation was already claimed; it cannot be ${doing}.`, 'Use extend_founder_gift to change an active gift.');
  if (status === 'expired') throw conflict(`The invitation expired; it cannot be ${doing}.`, 'Create a new invitation instead.');
}

const listFounderInvites: CommandHandler = ({ svc }) => {
  const rows = svc.db.prepare('SELECT * FROM founder_invites ORDER BY created_at DESC LIMIT ?').all(LIST_MAX) as InviteRow[];
  const total = (svc.db.prepare('SELECT COUNT(*) AS n FROM founder_invites').get() as { n: number }).n;
  return { invites: rows.map((r) => inviteOut(svc, r)), total };
};

const createFounderInvite: CommandHandler = (c) => {
  const { svc, who, input } = c;
  const plan = (input.plan as 'pro' | 'max' | undefined) ?? 'max';
  const months = (input.months as number | undefined) ?? 1;
  const acceptWithinDays = (input.acceptWithinDays as number | undefined) ?? 30;
  const credits = (input.creditsPerMonth as number | undefined) ?? PLAN_MONTHLY_CREDITS[plan];
  const id = svc.newId();
  const now = svc.clock.nowMs();
  const subject = typeof input.subject === 'string' && input.subject.trim() ? input.subject.trim() : `${who.name} invited you to ${svc.workspace().name}`;
  svc.db
    .prepare(
      `INSERT INTO founder_invites (id, email, plan, months, subject, note, notes, accept_within_days, credits_per_month, status, link_secret,
       created_by, created_at, accept_by) VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, 'draft', ?, ?, ?, ?)`,
    )
    .run(id, str(input, 'email'), plan, months, subject, str(input, 'note'), acceptWithinDays, credits, randomBytes(16).toString('base64url'), who.personId, svc.nextTimestamp(), new Date(now + acceptWithinDays * DAY_MS).toISOString());
  return { invite: inviteOut(svc, findInvite(svc, id)), emailSent: false };
};

const previewFounderInvite: CommandHandler = (c) => {
  const r = findInvite(c.svc, str(c.input, 'inviteId'));
  return { inviteId: r.id, ...emailOf(c, r) };
};

const sendFounderInvite: CommandHandler = (c) => {
  const { svc, input } = c;
  const r = findInvite(svc, str(input, 'inviteId'));
  requireOpen(svc, r, 'sent');
  const now = svc.clock.nowIso();
  const failsFirstTry = /\+fail@/i.test(r.email);
  if (typeof input.deliveryAttemptId === 'string') {
    if (input.resend === true) throw invalidRequest('Send either resend or deliveryAttemptId, not both.', 'Use deliveryAttemptId to retry a failed attempt; resend:true for an intentional additional send.');
    const attempt = svc.db.prepare('SELECT * FROM founder_invite_attempts WHERE id = ? AND invite_id = ?').get(input.deliveryAttemptId, r.id) as AttemptRow | undefined;
    if (!attempt) throw notFound('Send attempt', 'Use a sendAttemptId saved from an earlier send of this invitation.');
    if (attempt.status !== 'failed') throw conflict('That send attempt did not fail; there is nothing to retry.', 'To send the email again on purpose, use resend:true with a new requestId.');
    svc.db.prepare("UPDATE founder_invite_attempts SET tries = tries + 1, status = 'accepted', updated_at = ? WHERE id = ?").run(now, attempt.id);
    svc.db.prepare("UPDATE founder_invites SET status = 'sent', sent_at = ? WHERE id = ?").run(now, r.id);
    return { sendAttemptId: attempt.id, delivery: 'accepted', tries: attempt.tries + 1, emailSent: false, invite: inviteOut(svc, findInvite(svc, r.id)) };
  }
  const earlier = (svc.db.prepare('SELECT COUNT(*) AS n FROM founder_invite_attempts WHERE invite_id = ?').get(r.id) as { n: number }).n;
  if (earlier > 0 && input.resend !== true) {
    throw conflict('This invitation was already sent.', 'Pass resend:true with a new requestId to send it again on purpose, or deliveryAttemptId to retry a failed attempt.');
  }
  const attemptId = svc.newId();
  const delivery = failsFirstTry ? 'failed' : 'accepted';
  svc.db
    .prepare('INSERT INTO founder_invite_attempts (id, invite_id, request_id, kind, tries, status, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)')
    .run(attemptId, r.id, str(input, 'requestId'), earlier > 0 ? 'resend' : 'send', delivery, svc.nextTimestamp(), now);
  if (delivery === 'accepted') svc.db.prepare("UPDATE founder_invites SET status = 'sent', sent_at = ? WHERE id = ?").run(now, r.id);
  return { sendAttemptId: attemptId, delivery, tries: 1, emailSent: false, invite: inviteOut(svc, findInvite(svc, r.id)) };
};

const revokeFounderInvite: CommandHandler = ({ svc, input }) => {
  const r = findInvite(svc, str(input, 'inviteId'));
  if (r.claimed_at) throw conflict('The invitation was already claimed; only unclaimed invitations can be revoked.', 'Nothing to revoke; the gift runs until its end.');
  if (r.status === 'revoked') throw conflict('The invitation is already revoked.', 'Nothing to do.');
  svc.db.prepare("UPDATE founder_invites SET status = 'revoked', revoked_at = ? WHERE id = ?").run(svc.clock.nowIso(), r.id);
  return { invite: inviteOut(svc, findInvite(svc, r.id)) };
};

const extendFounderGift: CommandHandler = ({ svc, input }) => {
  const r = findInvite(svc, str(input, 'inviteId'));
  if (r.status === 'revoked') throw conflict('The invitation is revoked.', 'Create a new invitation instead.');
  const months = Number(input.months);
  if (r.claimed_at) {
    const claimed = new Date(r.claimed_at);
    const now = new Date(svc.clock.nowMs());
    const elapsed = (now.getUTCFullYear() - claimed.getUTCFullYear()) * 12 + (now.getUTCMonth() - claimed.getUTCMonth());
    if (months <= elapsed) throw invalidRequest(`The gift already ran ${elapsed} month(s); the new total must be longer.`, `Send months between ${elapsed + 1} and 12 (an absolute total, not an addition).`);
  }
  svc.db.prepare('UPDATE founder_invites SET months = ? WHERE id = ?').run(months, r.id);
  return { invite: inviteOut(svc, findInvite(svc, r.id)), allowanceRefilled: false };
};

const updateFounderInviteNotes: CommandHandler = ({ svc, input }) => {
  const r = findInvite(svc, str(input, 'inviteId'));
  svc.db.prepare('UPDATE founder_invites SET notes = ? WHERE id = ?').run(str(input, 'notes'), r.id);
  return { inviteId: r.id, notes: str(input, 'notes') };
};

/** Fixture part `founder_invites: [{id, email, plan?, months?, claimed_at?, created_by}]` (claimed ones can't be made otherwise). */
export function loadFounderInvites(svc: Services, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const f of list as Array<Record<string, unknown>>) {
    const plan = f.plan === 'pro' ? 'pro' : 'max';
    const created = svc.nextTimestamp();
    svc.db
      .prepare(
        `INSERT INTO founder_invites (id, email, plan, months, subject, note, notes, accept_within_days, credits_per_month, status, link_secret,
         created_by, created_at, accept_by, claimed_at) VALUES (?, ?, ?, ?, ?, '', '', 30, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(String(f.id), String(f.email), plan, Number(f.months ?? 1), String(f.subject ?? 'Invitation'), PLAN_MONTHLY_CREDITS[plan], f.claimed_at ? 'claimed' : 'sent', randomBytes(16).toString('base64url'), String(f.created_by ?? ''), created, new Date(svc.clock.nowMs() + 30 * DAY_MS).toISOString(), typeof f.claimed_at === 'string' ? f.claimed_at : null);
  }
}

export const founderCommands: Record<string, CommandHandler> = {
  [COMMANDS.listFounderInvites]: listFounderInvites,
  [COMMANDS.createFounderInvite]: createFounderInvite,
  [COMMANDS.previewFounderInvite]: previewFounderInvite,
  [COMMANDS.sendFounderInvite]: sendFounderInvite,
  [COMMANDS.revokeFounderInvite]: revokeFounderInvite,
  [COMMANDS.extendFounderGift]: extendFounderGift,
  [COMMANDS.updateFounderInviteNotes]: updateFounderInviteNotes,
};
