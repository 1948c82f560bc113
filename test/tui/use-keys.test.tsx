// useKeys: a run of Backspaces that arrives in one read deletes one character per key, in the
// prompt (functional state) and the compose box (state in a ref); a handler swapped by a render is
// the one that receives the next key.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Compose } from '../../tui/components/Compose';
import { Prompt } from '../../tui/components/Prompt';
import { keysIdle, useKeys } from '../../tui/hooks/use-keys';
import { inputReady, until } from './support/ink-wait';

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

  it('gives each key to the newest render: two quick moves then Enter pick the third row', async () => {
    let opened = -1;
    function List() {
      const [sel, setSel] = useState(0);
      useKeys((input, key) => {
        if (input === 'j') setSel(sel + 1);
        else if (key.return) opened = sel;
      });
      return <Text>{`row ${sel}`}</Text>;
    }
    const { stdin, lastFrame } = render(<List />);
    await inputReady(stdin);
    stdin.write('j');
    stdin.write('j');
    stdin.write('\r');
    await until(() => expect(opened).toBe(2));
    expect(lastFrame()).toContain('row 2');
  });

  it('gives a list one key per character of a fast run (Enter included), and typed text stays whole', async () => {
    const seen: string[] = [];
    const typed: string[] = [];
    function Both() {
      useKeys((input, key) => seen.push(key.return ? 'Enter' : input));
      useKeys((input) => typed.push(input), { text: true });
      return <Text>keys</Text>;
    }
    const { stdin } = render(<Both />);
    await inputReady(stdin);
    stdin.write('jjG\r');
    await until(() => expect(seen).toHaveLength(4));
    await until(() => expect(typed).toHaveLength(1));
    expect(seen).toEqual(['j', 'j', 'G', 'Enter']);
    expect(typed).toEqual(['jjG\r']);
  });

  it('a Tab inside a pasted chunk is text, never the Tab key (which moves focus)', async () => {
    const tabs: boolean[] = [];
    function Nav() {
      useKeys((_input, key) => tabs.push(key.tab));
      return <Text>nav</Text>;
    }
    const { stdin } = render(<Nav />);
    await inputReady(stdin);
    stdin.write('a\tb');
    await until(() => expect(tabs).toHaveLength(3));
    expect(tabs).toEqual([false, false, false]);
  });

  it('hands one key to every handler at once, even when the first changes nothing', async () => {
    const calls: string[] = [];
    function Inner() {
      useKeys((input) => calls.push(`inner ${input}`));
      return <Text>two handlers</Text>;
    }
    function Outer() {
      useKeys((input) => calls.push(`outer ${input}`));
      return <Inner />;
    }
    const { stdin } = render(<Outer />);
    await inputReady(stdin);
    // Keys of the tests before may still wait for their render; this one must meet an idle queue.
    await until(() => expect(keysIdle()).toBe(true));
    stdin.write('x');
    // Synchronously: neither handler waited for a render the other did not cause.
    expect(calls.sort()).toEqual(['inner x', 'outer x']);
  });
});

describe('a view mounted by a key', () => {
  it('hears a key read after it was drawn but before Ink subscribed it (Enter opens a channel, i at once)', async () => {
    const heard: string[] = [];
    const input: { emit?: (data: string) => void } = {};
    function Child() {
      useKeys((input) => heard.push(input));
      return <Text>child</Text>;
    }
    function Parent() {
      const [open, setOpen] = useState(false);
      useKeys((_input, key) => {
        if (key.return) setOpen(true);
      });
      // Committed with the child, before any passive effect (Ink subscribes in one): the window in
      // which a busy machine read the next key.
      useLayoutEffect(() => {
        if (open) input.emit?.('i');
      }, [open]);
      return open ? <Child /> : <Text>parent</Text>;
    }
    const { stdin, lastFrame } = render(<Parent />);
    input.emit = (data) => stdin.write(data);
    await inputReady(stdin);
    stdin.write('\r');
    await until(() => expect(lastFrame()).toContain('child'));
    await until(() => expect(heard).toEqual(['i']));
    await until(() => expect(keysIdle()).toBe(true));
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
