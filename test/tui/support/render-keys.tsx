// ink-testing-library's render inside the KeyInput root (the KeyRouter and the UiStore), as the app
// draws every component that takes keys.
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { KeyInput } from '../../../tui/input/KeyInput';
import { KeyRouter } from '../../../tui/keys/key-router';
import { UiStore } from '../../../tui/state/ui-store';

export function renderWithKeys(element: ReactElement) {
  const store = new UiStore();
  const router = new KeyRouter();
  const rendered = render(
    <KeyInput store={store} router={router}>
      {element}
    </KeyInput>,
  );
  return { ...rendered, store, router };
}
