// The automations module: REST + inbound webhook routes, tables, fixture automations and the engine.
import type { AutomationRow } from './store';
import type { EmulatorModule } from '../types';
import { startEngine } from './engine';
import { automationRoutes } from './routes';
import { firstDueAt } from './schedule';
import { AUTOMATIONS_SCHEMA } from './store';
import { hashWebhookKey } from './webhook-key';

export const automationsModule: EmulatorModule = {
  name: 'automations',
  schema: AUTOMATIONS_SCHEMA,
  routes: automationRoutes,
  loadFixture(svc, fixture) {
    // Fixture automations are authored by the workspace owner (or the first person).
    const owner = (svc.db.prepare("SELECT id FROM people ORDER BY role = 'owner' DESC, rowid LIMIT 1").get() as { id: string } | undefined)?.id ?? '';
    const insert = svc.db.prepare(
      `INSERT INTO automations (id, channel_id, name, trigger, actions, enabled, author_id, webhook_key_hash, next_due_at, created_at, updated_at)
       VALUES (@id, @channel_id, @name, @trigger, @actions, @enabled, @author_id, @webhook_key_hash, @next_due_at, @created_at, @updated_at)`,
    );
    for (const a of fixture.automations ?? []) {
      const at = svc.nextTimestamp();
      const row: AutomationRow = {
        id: a.id,
        channel_id: a.channel_id,
        name: a.name,
        trigger: JSON.stringify(a.trigger),
        actions: JSON.stringify(a.actions),
        enabled: a.enabled === false ? 0 : 1,
        author_id: owner,
        webhook_key_hash: a.webhook_key ? hashWebhookKey(a.webhook_key) : null,
        next_due_at: a.trigger.kind === 'schedule' ? firstDueAt(svc.clock.nowMs(), a.trigger.options.everyMinutes) : null,
        created_at: at,
        updated_at: at,
      };
      insert.run(row);
    }
  },
  start: (svc) => startEngine(svc),
};
