// The whole-screen keys' layer with a view layer in front of it, through Ink's stdin: each layer
// judges a key by the state the key met, not by what the layer before it just changed.
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { useAppKeys } from '../../../tui/hooks/use-app-keys';
import { useKeys } from '../../../tui/hooks/use-keys';
import { useUiRoot, useUiSelector } from '../../../tui/state/use-ui-store';
import { inputReady, until } from '../support/ink-wait';
import { renderWithKeys as render } from '../support/render-keys';

function Screen() {
  const { store } = useUiRoot();
  const view = useUiSelector((s) => s.view.kind);
  const focus = useUiSelector((s) => s.focus);
  // A compose box: Esc leaves it for the message list.
  useKeys(
    (_input, key) => {
      if (!key.escape) return false;
      store.setFocus('main');
      return true;
    },
    { isActive: focus === 'compose', text: true },
  );
  // A message list: i writes (it takes the key); every other key is left to the app.
  useKeys(
    (input) => {
      if (input !== 'i') return false;
      store.setFocus('compose');
      return true;
    },
    { isActive: focus === 'main' && view === 'channel' },
  );
  useAppKeys({
    sidebar: { items: [], selected: 0, setSelected: () => undefined },
    status: { askRelogin: () => undefined, info: () => undefined, showError: () => undefined, connectionOk: () => undefined, viewChanged: () => undefined },
    retryNow: () => undefined,
  });
  return <Text>{`${view} ${focus}`}</Text>;
}

describe('the app keys behind a view', () => {
  it('Esc that leaves the compose box does not also go back a view; the next Esc does', async () => {
    const { stdin, lastFrame, store } = render(<Screen />);
    store.navigate({ kind: 'channel', channelId: 'c1' });
    store.setFocus('compose');
    await inputReady(stdin);
    await until(() => expect(lastFrame()).toBe('channel compose'));
    stdin.write('\x1b');
    await until(() => expect(lastFrame()).toBe('channel main'));
    expect(store.getState().view).toEqual({ kind: 'channel', channelId: 'c1' });
    stdin.write('\x1b');
    await until(() => expect(lastFrame()).toBe('welcome sidebar'));
  });

  it('a key the view takes stops there: i in a message list writes and does not also open the Inbox', async () => {
    const { stdin, lastFrame, store } = render(<Screen />);
    store.navigate({ kind: 'channel', channelId: 'c1' });
    store.setFocus('main');
    await inputReady(stdin);
    await until(() => expect(lastFrame()).toBe('channel main'));
    stdin.write('i');
    await until(() => expect(lastFrame()).toBe('channel compose'));
    expect(store.getState().view).toEqual({ kind: 'channel', channelId: 'c1' });
    // A key the view leaves reaches the app: from the sidebar, i opens the Inbox.
    stdin.write('\x1b');
    await until(() => expect(lastFrame()).toBe('channel main'));
    stdin.write('t');
    await until(() => expect(lastFrame()).toBe('tasks main'));
  });
});
