// The docs folder tree: one folder's contents (folders first); Enter opens a folder or a doc.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { docsKeyAction } from './doc-key-map';
import { docTreeChildren, docTreePath, type DocListItem } from '../../shared/index';
import { clip, loadingLabel, safeLine } from '../format';
import { useUi } from '../ui-context';
import { useKeptThenLive } from '../hooks/use-kept-then-live';
import { savedAgo } from '../../term/offline-cache';
import { WindowedList, moveSelection } from '../components/WindowedList';

export interface DocsViewProps {
  folderId: string | null;
  width: number;
  height: number;
  focused: boolean;
}

export function folderPath(all: readonly DocListItem[], folderId: string | null): string {
  return `/${docTreePath(all, folderId)
    .map((folder) => safeLine(folder.title))
    .join('/')}`;
}

export function DocsView(props: DocsViewProps) {
  const ui = useUi();
  const [selected, setSelected] = useUiState(0);
  const data = useKeptThenLive<DocListItem[]>('list docs', (cache) => cache.get<DocListItem[]>('docs'), () => ui.client.docs({ limit: 500 }), []);
  const all = data.value;

  // The shared tree: a doc whose parent is itself, not listed or on a cycle shows at the top level.
  const here = docTreeChildren(all ?? [], props.folderId);

  useKeys(
    (input, key) => {
      const action = docsKeyAction(input, key, { hasItem: here[selected] !== undefined });
      switch (action?.kind) {
        case undefined:
          return false;
        case 'move':
          return setSelected((s) => moveSelection(s, action.by, here.length));
        case 'reload':
          return data.reload();
        case 'open': {
          const item = here[selected];
          if (!item) return;
          if (item.is_folder) ui.navigate({ kind: 'docs', folderId: item.id });
          else ui.navigate({ kind: 'doc', id: item.id });
          return;
        }
      }
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`Docs ${folderPath(all ?? [], props.folderId)}${data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : ''} · Enter opens · Esc back`), props.width)}
      </Text>
      <WindowedList
        items={here}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty={all === null ? (data.failure ? `Could not list docs (r retries): ${data.failure.message}` : loadingLabel(ui.offline)) : 'This folder is empty.'}
        render={(d) => safeLine(`${d.is_folder ? '▸ ' : '  '}${safeLine(d.title)}${d.is_folder ? '/' : ''}`)}
      />
    </Box>
  );
}
