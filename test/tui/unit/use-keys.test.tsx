// useKeys on the KeyRouter, through Ink's stdin: a run of Backspaces in one read deletes one
// character per key; a key meets the state the key before it left (one read, no render waited for);
// a view a key opened hears the next key of the same read.
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { Compose } from '../../../tui/components/Compose';
import { Prompt } from '../../../tui/components/Prompt';
import { useKeys } from '../../../tui/hooks/use-keys';
import { useUiState } from '../../../tui/state/use-ui-store';
import { inputReady, until } from '../support/ink-wait';
import { KeyInput } from '../../../tui/input/KeyInput';
import { renderWithKeys as render } from '../support/render-keys';

describe('useKeys', () => {
  it('splits a run of Backspaces in one read into one deletion each (prompt)', async () => {
    let submitted = '';
    const { stdin, lastFrame } = render(<Prompt title="Filter" initial="deploy docs" width={60} color={false} onCancel={() => undefined} onSubmit={(v) => (submitted = v)} />);
    await inputReady(stdin);
    stdin.write('\x7f\x7f\x7f\x7f\x7f');
    await until(() => expect(lastFrame()).toContain('> deploy▏'));
    stdin.write('\x7f\x7fX\x7fs');
    await until(() => expect(lastFrame()).toContain('> depls▏'));
    stdin.write('\r');
    await until(() => expect(submitted).toBe('depls'));
  });

  it('splits a run of Backspaces in one read (compose box)', async () => {
    const { stdin, lastFrame } = render(
      <Compose
        width={60}
        focused
        placeholder="message"
        members={[]}
        initialDraft="hello world"
        onDraftChange={() => undefined}
        onSend={async () => true}
        lastOwnMessage={() => null}
        onEdit={async () => true}
        onLeave={() => undefined}
        color={false}
      />,
    );
    await inputReady(stdin);
    stdin.write('\x7f\x7f\x7f\x7f\x7f\x7f');
    await until(() => expect(lastFrame()).toContain('▌ hello▏'));
    expect(lastFrame()).not.toContain('world');
  });

  it('a component state set after the component is gone (an answer after Esc) is dropped, not read as undefined', async () => {
    let append: ((update: (prev: number[]) => number[]) => void) | undefined;
    function Events() {
      const [events, setEvents] = useUiState<number[]>([]);
      append = setEvents;
      return <Text>{`events ${events.length}`}</Text>;
    }
    const { lastFrame, rerender, store } = render(<Events />);
    await until(() => expect(lastFrame()).toContain('events 0'));
    rerender(<KeyInput store={store}><Text>gone</Text></KeyInput>);
    await until(() => expect(lastFrame()).toContain('gone'));
    expect(() => append?.((prev) => [...prev, 1])).not.toThrow();
  });

  it('gives each key the state the key before left: two moves then Enter in one read pick the third row', async () => {
    let opened = -1;
    function List() {
      const [sel, setSel] = useUiState(0);
      useKeys((input, key) => {
        if (input === 'j') setSel(sel + 1);
        else if (key.return) opened = sel;
        return true;
      });
      return <Text>{`row ${sel}`}</Text>;
    }
    const { stdin, lastFrame } = render(<List />);
    await inputReady(stdin);
    stdin.write('jj\r');
    await until(() => expect(opened).toBe(2));
    expect(lastFrame()).toContain('row 2');
  });

  it('gives a list one key per character of a fast run (Enter included); a text field takes it whole', async () => {
    const seen: string[] = [];
    function List() {
      useKeys((input, key) => seen.push(key.return ? 'Enter' : input) > 0);
      return <Text>keys</Text>;
    }
    const list = render(<List />);
    await inputReady(list.stdin);
    list.stdin.write('jjG\r');
    await until(() => expect(seen).toEqual(['j', 'j', 'G', 'Enter']));
    const typed: string[] = [];
    function Field() {
      useKeys((input) => typed.push(input) > 0, { text: true });
      return <Text>field</Text>;
    }
    const field = render(<Field />);
    await inputReady(field.stdin);
    field.stdin.write('jjG\r');
    await until(() => expect(typed).toEqual(['jjG\r']));
  });

  it('a Tab inside a pasted chunk is text, never the Tab key (which moves focus)', async () => {
    const tabs: boolean[] = [];
    function Nav() {
      useKeys((_input, key) => tabs.push(key.tab) > 0);
      return <Text>nav</Text>;
    }
    const { stdin } = render(<Nav />);
    await inputReady(stdin);
    stdin.write('a\tb');
    await until(() => expect(tabs).toHaveLength(3));
    expect(tabs).toEqual([false, false, false]);
  });

  it('hands one key to every handler at once while each says it did not take it', async () => {
    const calls: string[] = [];
    function Inner() {
      useKeys((input) => calls.push(`inner ${input}`) < 0);
      return <Text>two handlers</Text>;
    }
    function Outer() {
      useKeys((input) => calls.push(`outer ${input}`) < 0);
      return <Inner />;
    }
    const { stdin, router } = render(<Outer />);
    await inputReady(stdin);
    expect(router.idle()).toBe(true);
    stdin.write('x');
    // Synchronously: neither handler waited for a render the other did not cause.
    expect(calls.sort()).toEqual(['inner x', 'outer x']);
  });
});

describe('a view mounted by a key', () => {
  it('hears the next key of the same read (Enter opens a channel, i focuses its compose box)', async () => {
    const heard: string[] = [];
    function Child() {
      useKeys((input) => heard.push(input) > 0);
      return <Text>child</Text>;
    }
    function Parent() {
      const [open, setOpen] = useUiState(false);
      useKeys(
        (_input, key) => {
          if (key.return) setOpen(true);
          return key.return;
        },
        { isActive: !open },
      );
      return open ? <Child /> : <Text>parent</Text>;
    }
    const { stdin, lastFrame } = render(<Parent />);
    await inputReady(stdin);
    stdin.write('\ri');
    await until(() => expect(lastFrame()).toContain('child'));
    await until(() => expect(heard).toEqual(['i']));
    stdin.write('j');
    await until(() => expect(heard).toEqual(['i', 'j']));
  });
});

describe('compose while a message is on its way', () => {
  function renderCompose(onSend: (text: string) => Promise<boolean>) {
    return render(
      <Compose
        width={60}
        focused
        placeholder="message"
        members={[]}
        initialDraft=""
        onDraftChange={() => undefined}
        onSend={onSend}
        lastOwnMessage={() => null}
        onEdit={async () => true}
        onLeave={() => undefined}
        color={false}
      />,
    );
  }

  it('empties the box at once and keeps what is typed before the answer', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const sent: string[] = [];
    const { stdin, lastFrame } = renderCompose((text) => {
      sent.push(text);
      return new Promise((resolve) => (answer = resolve));
    });
    await inputReady(stdin);
    stdin.write('first');
    await until(() => expect(lastFrame()).toContain('▌ first▏'));
    stdin.write('\r');
    await until(() => expect(lastFrame()).toContain('sending…'));
    expect(sent).toEqual(['first']);
    stdin.write('second');
    await until(() => expect(lastFrame()).toContain('▌ second▏'));
    answer(true);
    await until(() => expect(lastFrame()).toContain('message'));
    expect(lastFrame()).toContain('▌ second▏');
  });

  it('brings a failed message back, before what was typed since', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const { stdin, lastFrame } = renderCompose(() => new Promise((resolve) => (answer = resolve)));
    await inputReady(stdin);
    stdin.write('lost?');
    await until(() => expect(lastFrame()).toContain('▌ lost?▏'));
    stdin.write('\r');
    await until(() => expect(lastFrame()).toContain('sending…'));
    stdin.write('next');
    await until(() => expect(lastFrame()).toContain('▌ next▏'));
    answer(false);
    await until(() => expect(lastFrame()).toContain('▌ lost?'));
    expect(lastFrame()).toContain('▌ next▏');
  });
});
