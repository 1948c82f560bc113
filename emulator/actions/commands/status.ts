// set_status: the caller's own custom status. Empty emoji and text clear it; an expiry must lie
// in the future on the service clock.
import { COMMANDS } from '../../../shared/contract';
import { invalidRequest } from '../../errors';
import { str, type CommandHandler } from '../command';
import { assertEmoji } from './emoji';

const setStatus: CommandHandler = ({ svc, who, input }) => {
  const emoji = str(input, 'emoji');
  const text = str(input, 'text').trim();
  const expiresAt = typeof input.expiresAt === 'string' ? new Date(input.expiresAt).toISOString() : null;
  if (emoji === '' && text === '') {
    svc.db.prepare('DELETE FROM person_status WHERE person_id = ?').run(who.personId);
    return { status: null };
  }
  if (emoji !== '') assertEmoji(emoji);
  if (expiresAt && Date.parse(expiresAt) <= svc.clock.nowMs()) {
    throw invalidRequest('expiresAt is in the past.', 'Send a future ISO timestamp, or null for no expiry.');
  }
  svc.db
    .prepare('INSERT OR REPLACE INTO person_status (person_id, emoji, text, expires_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(who.personId, emoji, text, expiresAt, svc.clock.nowIso());
  return { status: { emoji, text, expiresAt } };
};

export const statusCommands: Record<string, CommandHandler> = { [COMMANDS.setStatus]: setStatus };
