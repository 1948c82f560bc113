// Focus reports through Ink's stdin (input/KeyInput.tsx): ESC [ I / ESC [ O change the terminal's
// focus and never reach a key layer, also when read together with typed keys; "[I" typed is text.
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { KeyInput } from '../../../tui/input/KeyInput';
import { KeyRouter } from '../../../tui/keys/key-router';
import { TerminalFocus } from '../../../tui/input/focus-reports';
import { UiStore } from '../../../tui/state/ui-store';
import { useKeys } from '../../../tui/hooks/use-keys';
import { inputReady, until } from '../support/ink-wait';
import { term } from '../../../tui/format';

function Recorder(props: { seen: string[] }) {
  useKeys((input, key) => props.seen.push(key.escape ? '<esc>' : input) > 0, { text: true });
  return <Text>{term`keys`}</Text>;
}

describe('focus reports in KeyInput', () => {
  it('are taken before the key router; the keys around them still arrive', async () => {
    const focus = new TerminalFocus();
    const seen: string[] = [];
    const { stdin } = render(
      <KeyInput store={new UiStore()} router={new KeyRouter()} focus={focus}>
        <Recorder seen={seen} />
      </KeyInput>,
    );
    await inputReady(stdin);
    stdin.write('\x1b[O');
    await until(() => expect(focus.focused).toBe(false));
    stdin.write('a\x1b[Ib');
    await until(() => expect(seen.join('')).toBe('ab'));
    expect(focus.focused).toBe(true);
    stdin.write('[I');
    await until(() => expect(seen.join('')).toBe('ab[I'));
    expect(seen).not.toContain('<esc>');
  });
});
