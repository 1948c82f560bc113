// The doorbell: GET /me/wake.

import { Type, type Static } from './schema-kit';

export const WakeCoordinatesSchema = Type.Object(
  {
    url: Type.String({
      description: 'Realtime endpoint for `new RealtimeClient(url, {params:{apikey: anonKey}})`; an http(s) project URL gets `/realtime/v1` appended.',
    }),
    anonKey: Type.String(),
    topic: Type.String({ description: 'Secret; rotates. Join it with client.channel(topic).' }),
    event: Type.Literal('wake'),
    refreshMs: Type.Integer({ minimum: 1 }),
  },
  { $id: 'WakeCoordinates' },
);
export type WakeCoordinates = Static<typeof WakeCoordinatesSchema>;
