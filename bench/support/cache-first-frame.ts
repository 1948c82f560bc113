// Run by bench/offline-cache.bench.ts in a fresh process (bundled with code splitting, so the store's
// module and SQLite load when imported here, not with this file): loads the offline store as the
// terminal UI does, opens a filled cache, reads what the first frame draws, then every channel's
// messages; prints the added peak RSS and the times as JSON. argv: root, "tui" | "plain" (plain: the
// store imported without the terminal's loader: SQLite as WebAssembly, as the editor runs it).
import { readFileSync } from 'node:fs';
import { chosenSqlOpener } from '../../shared/offline/sql-connection';
import { loadOfflineStore } from '../../term/store-loading';

const peakRssBytes = (): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
const [root = '', how = 'tui', channels = '20', perChannel = '500'] = process.argv.slice(2);
const ACCOUNT = { serviceUrl: 'http://bench', workspaceId: 'w', userId: 'u' };

const before = peakRssBytes();
const started = performance.now();
const importStore = () => import('../../shared/offline/cache-store');
const { OfflineCache } = how === 'tui' ? await loadOfflineStore(importStore) : await importStore();
const moduleMs = performance.now() - started;
const cache = OfflineCache.open(root, ACCOUNT);
const listed = cache.get<unknown[]>('channels');
const first = cache.messages({ channel: 'c-0' });
const firstFrameMs = performance.now() - started;
if (!listed || first?.value.length !== Number(perChannel)) throw new Error('the cache did not give back what was kept');
const addedFirstFrame = peakRssBytes() - before;
let held = 0;
const kept: unknown[][] = [];
for (let c = 0; c < Number(channels); c += 1) kept.push(cache.messages({ channel: `c-${c}` })?.value ?? []);
for (const list of kept) held += list.length;
const addedAll = peakRssBytes() - before;
cache.close();
const engine = chosenSqlOpener() === undefined ? 'wasm' : 'native';
process.stdout.write(JSON.stringify({ addedFirstFrame, firstFrameMs, moduleMs, addedAll, held, engine }));
