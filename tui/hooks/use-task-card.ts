// The card of the task a selected message names: read once per ref and kept for the conversation
// (moving the selection back and forth asks nothing again); an unknown ref is remembered as missing.
import { useEffect, useRef, useState } from 'react';
import { isApiError, readTask, taskNames, type Client } from '../../shared/index';
import type { TaskCardState } from '../task-card';

export function useTaskCard(client: Client, ref: string | null, onError: (error: unknown) => void): TaskCardState | null {
  const cards = useRef(new Map<string, TaskCardState>());
  const [, setTick] = useState(0);

  useEffect(() => {
    if (ref === null || cards.current.has(ref)) return;
    const known = cards.current;
    known.set(ref, { kind: 'loading' });
    void (async () => {
      try {
        const task = await readTask(client, ref);
        known.set(ref, { kind: 'ready', task, names: null });
        setTick((t) => t + 1);
        const names = await taskNames(client, task).catch(() => null);
        known.set(ref, { kind: 'ready', task, names });
      } catch (error) {
        if (isApiError(error) && (error.code === 'not_found' || error.code === 'permission_required')) known.set(ref, { kind: 'missing' });
        else {
          known.delete(ref);
          onError(error);
        }
      }
      setTick((t) => t + 1);
    })();
  }, [client, ref]);

  return ref === null ? null : (cards.current.get(ref) ?? { kind: 'loading' });
}
