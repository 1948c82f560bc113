// The docs folder tree: one folder's contents (folders first, names in natural order); Enter opens a
// folder or a doc; f searches every doc (titles and bodies). The tree holds what one answer of the
// service gives at its most; when that may be cut, folders say they may be incomplete and the list
// ends with "More… narrow or search", which opens the search.
import { useUiState } from '../state/use-ui-store';
import { docsKeyAction } from '../keys/doc-key-map';
import { docTreeChildren, docTreePath, listNotesText, loadWholeDocs, naturalBy, type DocListItem, type WholeDocs } from '../../shared/index';
import { loadingLabel, safeLine } from '../format';
import { useUi } from '../ui-context';
import { useKeptThenLive } from '../hooks/use-kept-then-live';
import { savedAgo } from '../../term/offline-cache';
import { ListPane } from '../components/ListPane';
import { useListView } from '../hooks/use-list-view';

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
  const list = useListView({
    place: props,
    rows: here,
    more: cut && all !== null ? { key: 'f', open: () => search() } : undefined,
    open: (at) => ui.navigate(at.is_folder ? { kind: 'docs', folderId: at.id } : { kind: 'doc', id: at.id }),
    keys: (input, key, at) => docsKeyAction(input, key, { hasItem: at !== undefined }),
    act: (action) => (action.kind === 'reload' ? data.reload() : search()),
  });

  function search() {
    ui.openPrompt({
      title: 'Search docs',
      initial: query,
      hint: 'words in a title or body; empty shows the folders again',
      onSubmit: (value) => {
        setQuery(value.trim());
        list.select(0);
      },
    });
  }

  const notes = data.value ? listNotesText(data.value) : null;
  const where = query === '' ? folderPath(all ?? [], props.folderId) : `· search “${safeLine(query)}” (${here.length}${cut ? ', more exist' : ''})`;
  const count = query === '' && cut ? ` · ${all?.length ?? 0} shown, more exist` : '';
  return (
    <ListPane
      list={list}
      heading={safeLine(`Docs ${where}${count}${notes !== null ? ` · ${notes}` : ''}${data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : ''} · Enter opens · f searches · Esc back`)}
      empty={all === null ? (data.failure ? `Could not list docs (r retries): ${data.failure.message}` : loadingLabel(ui.offline)) : query === '' ? 'This folder is empty.' : 'No doc matches.'}
      render={(d) => safeLine(`${d.is_folder ? '▸ ' : '  '}${safeLine(d.title)}${d.is_folder ? '/' : ''}${d.is_folder && cut && query === '' ? ' (may be incomplete)' : ''}`)}
    />
  );
}
