// A view's data as the offline cache kept it, shown at once, then as the service answers: the live
// value replaces the kept one; while the service cannot be reached the kept one stays, marked with
// when it was saved; an answer that refuses or cannot be read shows why instead. r asks again.
import { useEffect } from 'react';
import { cacheOf, isWorthQueueing, type Cached, type OfflineCache } from '../../shared/index';
import { useUiState } from '../state/use-ui-store';
import { describeError, type SafeText } from '../format';
import { useUi } from '../ui-context';

export interface KeptThenLive<T> {
  /** null until the cache or the service gives it. */
  value: T | null;
  /** When the value shown was saved, while it is the cache's; null once the service answered. */
  savedAt: number | null;
  /** Why the service could not answer, when there is nothing to show. */
  failure: { message: SafeText; hint: SafeText } | null;
  reload(): void;
}

export function useKeptThenLive<T>(doing: string, kept: (cache: OfflineCache) => Cached<T> | undefined, load: () => Promise<T>, deps: readonly unknown[]): KeptThenLive<T> {
  const ui = useUi();
  const keptNow = () => {
    const cache = cacheOf(ui.client);
    return cache ? kept(cache) : undefined;
  };
  const [shown, setShown] = useUiState<{ value: T | null; savedAt: number | null }>(() => {
    const hit = keptNow();
    return hit ? { value: hit.value, savedAt: hit.savedAt } : { value: null, savedAt: null };
  });
  const [failure, setFailure] = useUiState<KeptThenLive<T>['failure']>(null);
  const [reloads, setReloads] = useUiState(0);

  useEffect(() => {
    let alive = true;
    setFailure(null);
    load().then(
      (value) => {
        if (!alive) return;
        setShown({ value, savedAt: null });
        ui.connectionOk();
      },
      (error: unknown) => {
        if (!alive) return;
        ui.showError(error, doing);
        setFailure(describeError(error));
        // An answer that refuses (gone, no access, not understood) is not a reason to show a copy.
        if (!isWorthQueueing(error)) return setShown({ value: null, savedAt: null });
        // Unreachable: the kept copy stays; the cache may have opened after the first frame, so look again.
        setShown((now) => {
          if (now.value !== null && now.savedAt !== null) return now;
          const hit = keptNow();
          return hit ? { value: hit.value, savedAt: hit.savedAt } : now;
        });
      },
    );
    return () => {
      alive = false;
    };
  }, [...deps, reloads]);

  return { value: shown.value, savedAt: shown.value === null ? null : shown.savedAt, failure: shown.value === null ? failure : null, reload: () => setReloads((n) => n + 1) };
}
