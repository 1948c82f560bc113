// The compose box's draft lives in the UiStore by conversation: the box can go (another view) and
// come back with the draft and its cursor where they were.
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/index';
import { Compose } from '../../../tui/components/Compose';
import { KeyInput } from '../../../tui/input/KeyInput';
import { KeyRouter } from '../../../tui/keys/key-router';
import { UiStore } from '../../../tui/state/ui-store';
import { inputReady, until } from '../support/ink-wait';

describe('the compose draft in the store', () => {
  it('keeps the draft and its cursor by conversation while the box is gone, and saves its text', async () => {
    const store = new UiStore();
    const router = new KeyRouter();
    store.navigate({ kind: 'channel', channelId: 'c1' });
    store.setFocus('compose');
    const saved: string[] = [];
    const box = (
      <KeyInput store={store} router={router}>
        <Compose width={60} focused placeholder="message" members={[]} initialDraft="" onDraftChange={(t) => saved.push(t)} onSend={async () => true} lastOwnMessage={() => null} onEdit={async () => true} onLeave={() => undefined} color={false} />
      </KeyInput>
    );
    const { stdin, lastFrame, rerender } = render(box);
    await inputReady(stdin);
    stdin.write('hello world');
    await until(() => expect(lastFrame()).toContain('▌ hello world▏'));
    for (let i = 0; i < 5; i++) stdin.write('\x1b[D');
    await until(() => expect(lastFrame()).toContain('▌ hello ▏world'));
    expect(store.getState().drafts.c1).toEqual({ text: 'hello world', cursor: 6 });
    expect(saved.at(-1)).toBe('hello world');

    rerender(
      <KeyInput store={store} router={router}>
        <Text>another view</Text>
      </KeyInput>,
    );
    await until(() => expect(lastFrame()).toContain('another view'));
    rerender(box);
    await until(() => expect(lastFrame()).toContain('▌ hello ▏world'));
    stdin.write('big ');
    await until(() => expect(lastFrame()).toContain('▌ hello big ▏world'));
  });

  it('editing your last message leaves the draft as it was, and Esc brings it back', async () => {
    const store = new UiStore();
    store.navigate({ kind: 'thread', channelId: 'c1', rootId: 'm1' });
    store.setDraft('thread:m1', { text: '', cursor: 0 });
    const own = { id: 'm9', body: 'my last words' } as Message;
    const { stdin, lastFrame } = render(
      <KeyInput store={store}>
        <Compose width={60} focused placeholder="message" members={[]} initialDraft="" onDraftChange={() => undefined} onSend={async () => true} lastOwnMessage={() => own} onEdit={async () => true} onLeave={() => undefined} color={false} />
      </KeyInput>,
    );
    await inputReady(stdin);
    stdin.write('\x1b[A');
    await until(() => expect(lastFrame()).toContain('▌ my last words▏'));
    stdin.write('!');
    await until(() => expect(lastFrame()).toContain('▌ my last words!▏'));
    expect(store.getState().drafts['thread:m1']).toEqual({ text: '', cursor: 0 });
    stdin.write('\x1b');
    await until(() => expect(lastFrame()).toContain('message'));
    await until(() => expect(lastFrame()).not.toContain('my last words'));
  });
});
