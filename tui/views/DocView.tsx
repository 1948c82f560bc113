// One doc, rendered for the terminal; `e` edits it in $EDITOR (compare-and-set, merge on conflict).
import { useKeys } from '../hooks/use-keys';
import { docKeyAction } from '../keys/doc-key-map';
import { useMemo } from 'react';
import { useUiState } from '../state/use-ui-store';
import { renderMarkdownTerminal, safeLines, wrapSafe, type Doc } from '../../shared/index';
import { editDoc, type ConflictChoice } from '../doc-edit';
import { loadingLabel, safeLine, shortTime, term } from '../format';
import { savedAgo } from '../../term/offline-cache';
import { useKeptThenLive } from '../hooks/use-kept-then-live';
import { ScrollingText } from '../components/ScrollingText';
import { useUi } from '../ui-context';

export interface DocViewProps {
  id: string;
  width: number;
  height: number;
  focused: boolean;
}

export function DocView(props: DocViewProps) {
  const ui = useUi();
  const [editing, setEditing] = useUiState(false);
  const data = useKeptThenLive<Doc>('open the doc', (cache) => cache.get<Doc>('doc', props.id), () => ui.client.getDoc(props.id), [props.id]);
  const doc = data.value;
  const failure = data.failure;

  const lines = useMemo(() => {
    if (!doc) return failure ? [term`Could not open the doc: ${failure.message}`, ...(failure.hint ? [failure.hint] : []), term``, term`Press r to try again, Esc to go back.`] : [];
    const width = Math.max(10, props.width - 1);
    return safeLines(renderMarkdownTerminal(doc.body, { width, color: ui.color })).flatMap((l) => wrapSafe(l, width));
  }, [doc, failure, props.width, ui.color]);

  const startEdit = async (current: Doc) => {
    setEditing(true);
    try {
      const fresh = await ui.client.getDoc(current.id);
      await editDoc(fresh, {
        ui,
        choose: (result) =>
          new Promise<ConflictChoice | null>((resolve) => {
            const options: { label: string; value: ConflictChoice }[] = [];
            if (result.kind === 'merged_clean') options.push({ label: 'take the merged text (both edits)', value: 'take_merged' });
            options.push(
              { label: 'keep mine (overwrite their change)', value: 'keep_mine' },
              { label: result.kind === 'conflict' ? 'edit the conflict text again' : 'edit the merged text again', value: 'edit_again' },
              { label: 'discard mine (keep theirs)', value: 'discard' },
            );
            ui.openPicker({
              title: result.kind === 'conflict' ? 'Someone else changed the same lines. Your edit:' : 'Someone else saved first; the edits merge cleanly.',
              options,
              onPick: resolve,
              onCancel: () => resolve(null),
            });
          }),
      });
    } catch (error) {
      ui.showError(error, 'edit the doc');
    } finally {
      setEditing(false);
      data.reload();
    }
  };

  useKeys(
    (input, key) => {
      const action = docKeyAction(input, { hasDoc: doc !== null, editing }, key);
      if (action === null) return false;
      if (action.kind === 'reload') data.reload();
      else if (doc) void startEdit(doc);
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const saved = data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : '';
  const title = doc
    ? `${safeLine(doc.title)} · updated ${shortTime(doc.updated_at) || 'unknown'}${saved}${doc.mirrors_rules_file ? ' · rules file (saves open a PR)' : ''} · e edit · Esc back`
    : failure
      ? 'Could not open the doc · r retries · Esc back'
      : loadingLabel(ui.offline);
  return (
    <ScrollingText
      title={safeLine(editing ? 'editing in $EDITOR…' : title)}
      lines={lines}
      width={props.width}
      height={props.height}
      focused={props.focused}
      color={ui.color}
      keyboardTaken={ui.keyboardTaken}
    />
  );
}
