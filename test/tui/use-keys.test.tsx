// useKeys: a run of Backspaces that arrives in one read deletes one character per key, in the
// prompt (functional state) and the compose box (state in a ref); a handler swapped by a render is
// the one that receives the next key.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Compose } from '../../tui/app/Compose';
import { Prompt } from '../../tui/app/Prompt';
import { useKeys } from '../../tui/app/use-keys';

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('useKeys', () => {
  it('splits a run of Backspaces in one read into one deletion each (prompt)', async () => {
    let submitted = '';
    const { stdin, lastFrame } = render(<Prompt title="Filter" initial="deploy docs" width={60} color={false} onCancel={() => undefined} onSubmit={(v) => (submitted = v)} />);
    await tick();
    stdin.write('\x7f\x7f\x7f\x7f\x7f');
    await tick();
    expect(lastFrame()).toContain('> deploy▏');
    stdin.write('\x7f\x7fX\x7fs');
    await tick();
    stdin.write('\r');
    await tick();
    expect(submitted).toBe('depls');
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
    await tick();
    stdin.write('\x7f\x7f\x7f\x7f\x7f\x7f');
    await tick();
    expect(lastFrame()).toContain('▌ hello▏');
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
    await tick();
    stdin.write('j');
    stdin.write('j');
    stdin.write('\r');
    await tick();
    expect(lastFrame()).toContain('row 2');
    expect(opened).toBe(2);
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
    await tick();
    stdin.write('jjG\r');
    await tick();
    expect(seen).toEqual(['j', 'j', 'G', 'Enter']);
    expect(typed).toEqual(['jjG\r']);
  });
});
