// Room budget: monthly agent credits (number >= 0, or null for no limit) and this month's use.
// Use resets when the service clock enters a new month.
import { BudgetSchema, ConfirmationSchema, PutBudgetInputSchema } from '../../shared/contract';
import { API_PREFIX, type Budget } from '../../shared/contract';
import { ok } from '../dispatch';
import { route } from '../route';
import type { Route, Services } from '../types';
import { settingsChannel } from './guard';
import { budgetMonth } from './month';

const PATH = `${API_PREFIX}/channels/:id/budget`;

interface BudgetRow {
  monthly_credits: number | null;
  used_credits: number;
  month: string;
}

export function budgetOf(svc: Services, channelId: string): Budget {
  const month = budgetMonth(svc.clock.nowMs());
  const row = svc.db.prepare('SELECT monthly_credits, used_credits, month FROM budgets WHERE channel_id = ?').get(channelId) as BudgetRow | undefined;
  return { monthlyCredits: row?.monthly_credits ?? null, usedCredits: row && row.month === month ? row.used_credits : 0, month };
}

function save(svc: Services, channelId: string, b: Budget): void {
  svc.db.prepare('INSERT OR REPLACE INTO budgets (channel_id, monthly_credits, used_credits, month) VALUES (?, ?, ?, ?)').run(channelId, b.monthlyCredits, b.usedCredits, b.month);
}

/** Adds credits a run used this month (the demo agent calls this). */
export function spendCredits(svc: Services, channelId: string, credits: number): void {
  const b = budgetOf(svc, channelId);
  save(svc, channelId, { ...b, usedCredits: b.usedCredits + credits });
}

export const budgetRoutes: Route[] = [
  {
    method: 'GET',
    path: PATH,
    summary: "Monthly agent budget and this month's standing", tag: 'budget', params: { id: 'Channel id' }, answer: { schema: BudgetSchema },
    handler: (ctx) => ok(budgetOf(ctx.svc, settingsChannel(ctx).id)),
  },
  route({
    method: 'PUT',
    path: PATH,
    summary: 'Set or clear the monthly budget (admins)', tag: 'budget', params: { id: 'Channel id' }, body: PutBudgetInputSchema, answer: { schema: ConfirmationSchema },
    confirmation: true,
    auth: 'admin',
    handler(ctx) {
      const channel = settingsChannel(ctx);
      const { monthlyCredits } = ctx.body;
      const next = { ...budgetOf(ctx.svc, channel.id), monthlyCredits };
      save(ctx.svc, channel.id, next);
      return ok({ ok: true, ...next });
    },
  }),
];

export function loadBudgets(svc: Services, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const b of list as Array<{ channel_id: string; monthlyCredits?: number | null; usedCredits?: number }>) {
    save(svc, b.channel_id, { monthlyCredits: b.monthlyCredits ?? null, usedCredits: b.usedCredits ?? 0, month: budgetMonth(svc.clock.nowMs()) });
  }
}
