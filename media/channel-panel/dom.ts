// DOM helpers of the channel panel's webview.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Text someone else wrote (names, handles, titles): its own direction, isolated from what surrounds it. */
export function userText<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string): HTMLElementTagNameMap[K] {
  const node = el(tag, `${className} user-text`.trim(), text);
  node.dir = 'auto';
  return node;
}

export function icon(name: string): HTMLElement {
  return el('i', `codicon codicon-${name}`);
}

export function iconButton(name: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'icon');
  b.title = title;
  b.setAttribute('aria-label', title);
  b.append(icon(name));
  b.addEventListener('click', onClick);
  return b;
}

export function nearBottom(container: HTMLElement): boolean {
  return container.scrollHeight - container.scrollTop - container.clientHeight < 60;
}
