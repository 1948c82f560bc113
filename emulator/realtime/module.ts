// The doorbell as a module of the local service: GET /api/v1/me/wake, the realtime websocket on the
// server's 'upgrade', and a content-free wake to the workspace on every posted message.
import { WakeCoordinatesSchema } from '../../shared/contract';
import { randomBytes } from 'node:crypto';
import { API_PREFIX, SERVICE_PATHS, type WakeCoordinates } from '../../shared/contract';
import { ok } from '../dispatch';
import type { EmulatorModule, Services } from '../types';
import { RealtimeHub } from './hub';
import { WakeTopics } from './topics';

/** Rotation period of doorbell topics on the service clock, also the refreshMs given to clients. */
export const WAKE_REFRESH_MS = 5 * 60_000;

interface RealtimeState {
  anonKey: string;
  topics: WakeTopics;
  hub: RealtimeHub;
}

const states = new WeakMap<Services, RealtimeState>();

/** Keys kept in the meta table so a `--data` restart keeps the same anon key and topics. */
function persistentSecret(svc: Services, key: string, make: () => string): string {
  const saved = svc.getMeta<string>(key);
  if (typeof saved === 'string' && saved.length > 0) return saved;
  const fresh = make();
  svc.setMeta(key, fresh);
  return fresh;
}

function stateOf(svc: Services): RealtimeState {
  let state = states.get(svc);
  if (!state) {
    const anonKey = persistentSecret(svc, 'realtime.anonKey', () => `anon_${randomBytes(18).toString('base64url')}`);
    const secret = Buffer.from(persistentSecret(svc, 'realtime.topicSecret', () => randomBytes(32).toString('hex')), 'hex');
    const topics = new WakeTopics({ refreshMs: WAKE_REFRESH_MS, now: () => svc.clock.nowMs(), secret });
    const hub = new RealtimeHub({ anonKey, resolveTopic: (topic) => topics.resolve(topic) });
    state = { anonKey, topics, hub };
    states.set(svc, state);
  }
  return state;
}

/** Inspection for tests and the demo: live connections and subscriptions. */
export function realtimeStats(svc: Services) {
  return stateOf(svc).hub.stats();
}

export const realtimeModule: EmulatorModule = {
  name: 'realtime',
  routes: [
    {
      method: 'GET',
      path: `${API_PREFIX}/me/wake`,
      summary: 'Doorbell coordinates: a secret, rotating Supabase Realtime broadcast topic', tag: 'me', answer: { schema: WakeCoordinatesSchema },
      auth: 'read',
      handler(ctx) {
        const who = ctx.who();
        const { anonKey, topics } = stateOf(ctx.svc);
        const body: WakeCoordinates = {
          url: `${ctx.svc.baseUrl().replace(/^http/, 'ws')}${SERVICE_PATHS.realtime}`,
          anonKey,
          topic: topics.issue({ workspaceId: ctx.svc.workspace().id, personId: who.personId }),
          event: 'wake',
          refreshMs: topics.refreshMs,
        };
        return ok(body);
      },
    },
  ],
  start(svc) {
    const { hub, topics } = stateOf(svc);
    hub.attach(svc.server);
    const unsubscribe = [
      svc.bus.on('message.posted', () => {
        hub.wakeWorkspace(svc.workspace().id);
      }),
      svc.bus.on('clock.advanced', () => {
        hub.expireStale();
      }),
      svc.bus.on('state.reset', () => {
        topics.forget(() => true);
        hub.expireStale();
      }),
    ];
    return () => {
      for (const off of unsubscribe) off();
      hub.close();
      states.delete(svc);
    };
  },
};
