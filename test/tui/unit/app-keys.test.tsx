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
      if (key.escape) store.setFocus('main');
    },
    { isActive: focus === 'compose', text: true },
  );
  useAppKeys({
    sidebar: { items: [], selected: 0, setSelected: () => undefined },
    status: { askRelogin: () => undefined, info: () => undefined, showError: () => undefined, connectionOk: () => undefined, viewChanged: () => undefined },
    composeCompleting: { current: false },
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
});
