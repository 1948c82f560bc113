// The docs folder tree: one folder's contents (folders first, names in natural order); Enter opens a
// folder or a doc; f searches every doc (titles and bodies). The tree holds what one answer of the
// service gives at its most; when that may be cut, folders say they may be incomplete and the list
// ends with "More… narrow or search", which opens the search.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { docsKeyAction } from '../keys/doc-key-map';
import { docTreeChildren, docTreePath, listNotesText, loadWholeDocs, naturalBy, type DocListItem, type WholeDocs } from '../../shared/index';
import { clip, loadingLabel, safeLine } from '../format';
import { useUi } from '../ui-context';
import { useKeptThenLive } from '../hooks/use-kept-then-live';
import { savedAgo } from '../../term/offline-cache';
import { WindowedList } from '../components/WindowedList';
import { moveSelection } from '../windowing';
import { isMoreRow, moreRowText, withMoreRow } from '../more-row';

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

const byTitle = naturalBy<DocListItem>((d) => d.title);
const keptDocs = (docs: DocListItem[]): WholeDocs => ({ docs, truncated: false, repeated: 0, extra: 0, requests: 0 });

export function DocsView(props: DocsViewProps) {
  const ui = useUi();
  const [selected, setSelected] = useUiState(0);
  const [query, setQuery] = useUiState('');
  const data = useKeptThenLive<WholeDocs>(
    query === '' ? 'list docs' : 'search docs',
    (cache) => {
      const kept = query === '' ? cache.get<DocListItem[]>('docs') : undefined;
      return kept ? { value: keptDocs(kept.value), savedAt: kept.savedAt } : undefined;
    },
    () => loadWholeDocs(ui.client, query === '' ? undefined : query),
    [query],
  );
  const all = data.value?.docs ?? null;
  const cut = data.value?.truncated === true;

  // The shared tree: a doc whose parent is itself, not listed or on a cycle shows at the top level.
  // A search shows its hits as one list.
  const here = query === '' ? docTreeChildren(all ?? [], props.folderId) : [...(all ?? [])].sort(byTitle);
  const rows = withMoreRow(here, cut && all !== null);
  const at = rows[selected];

  const search = () =>
    ui.openPrompt({
      title: 'Search docs',
      initial: query,
      hint: 'words in a title or body; empty shows the folders again',
      onSubmit: (value) => {
        setQuery(value.trim());
        setSelected(0);
      },
    });

  useKeys(
    (input, key) => {
      const action = docsKeyAction(input, key, { hasItem: at !== undefined });
      if (action === null) return false;
      switch (action.kind) {
        case 'move':
          setSelected((s) => moveSelection(s, action.by, rows.length));
          break;
        case 'reload':
          data.reload();
          break;
        case 'search':
          search();
          break;
        case 'open': {
          if (at === undefined) break;
          if (isMoreRow(at)) {
            search();
            break;
          }
          if (at.is_folder) ui.navigate({ kind: 'docs', folderId: at.id });
          else ui.navigate({ kind: 'doc', id: at.id });
          break;
        }
      }
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const notes = data.value ? listNotesText(data.value) : null;
  const where = query === '' ? folderPath(all ?? [], props.folderId) : `· search “${safeLine(query)}” (${here.length}${cut ? ', more exist' : ''})`;
  const count = query === '' && cut ? ` · ${all?.length ?? 0} shown, more exist` : '';
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`Docs ${where}${count}${notes !== null ? ` · ${notes}` : ''}${data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : ''} · Enter opens · f searches · Esc back`), props.width)}
      </Text>
      <WindowedList
        items={rows}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty={all === null ? (data.failure ? `Could not list docs (r retries): ${data.failure.message}` : loadingLabel(ui.offline)) : query === '' ? 'This folder is empty.' : 'No doc matches.'}
        render={(d) =>
          isMoreRow(d)
            ? safeLine(moreRowText('f'))
            : safeLine(`${d.is_folder ? '▸ ' : '  '}${safeLine(d.title)}${d.is_folder ? '/' : ''}${d.is_folder && cut && query === '' ? ' (may be incomplete)' : ''}`)
        }
      />
    </Box>
  );
}
