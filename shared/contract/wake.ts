// The doorbell: GET /me/wake.

export interface WakeCoordinates {
  /** Realtime endpoint for `new RealtimeClient(url, {params:{apikey: anonKey}})`; an http(s) project URL gets `/realtime/v1` appended. */
  url: string;
  anonKey: string;
  topic: string;
  event: 'wake';
  refreshMs: number;
}
