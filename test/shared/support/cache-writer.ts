// A separate process writing into a shared cache: argv root, writer name, count.
import { OfflineCache } from '../../../shared/offline/cache-store';

const [root, name, count] = process.argv.slice(2) as [string, string, string];
const cache = OfflineCache.open(root, { serviceUrl: 'http://svc', workspaceId: 'w', userId: 'u' });
for (let i = 0; i < Number(count); i += 1) {
  const id = `${name}-${i}`;
  cache.putMessages({ channel: 'shared' }, [
    { id, channel_id: 'shared', parent_id: null, author: { id: 'u', kind: 'person', name: 'U', handle: 'u' }, body: id, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), edited_at: null, via: null, reply_count: 0, url: '' },
  ]);
  cache.put('doc', id, { id });
}
cache.close();
