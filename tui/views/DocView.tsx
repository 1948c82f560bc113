// One doc, rendered for the terminal; `e` edits it in $EDITOR (compare-and-set, merge on conflict).
import { useKeys } from '../hooks/use-keys';
import { docKeyAction } from './doc-key-map';
import { useEffect, useMemo } from 'react';
import { useUiState } from '../state/use-ui-store';
import { renderMarkdownTerminal, safeLines, wrapSafe, type Doc } from '../../shared/index';
import { editDoc, type ConflictChoice } from '../doc-edit';
import { safeLine, shortTime } from '../format';
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
  const [doc, setDoc] = useUiState<Doc | null>(null);
  const [reloads, setReloads] = useUiState(0);
  const [editing, setEditing] = useUiState(false);

  useEffect(() => {
    let alive = true;
    ui.client.getDoc(props.id).then(
      (d) => {
        if (alive) setDoc(d);
        ui.connectionOk();
      },
      (error: unknown) => alive && ui.showError(error, 'open the doc'),
    );
    return () => {
      alive = false;
    };
  }, [props.id, reloads]);

  const lines = useMemo(() => {
    if (!doc) return [];
    const width = Math.max(10, props.width - 1);
    return safeLines(renderMarkdownTerminal(doc.body, { width, color: ui.color })).flatMap((l) => wrapSafe(l, width));
  }, [doc, props.width, ui.color]);

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
      setReloads((n) => n + 1);
    }
  };

  useKeys(
    (input) => {
      const action = docKeyAction(input, { hasDoc: doc !== null, editing });
      switch (action?.kind) {
        case undefined:
          return false;
        case 'reload':
          return setReloads((n) => n + 1);
        case 'edit':
          if (doc) void startEdit(doc);
          return;
      }
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const title = doc
    ? `${safeLine(doc.title)} · updated ${shortTime(doc.updated_at) || 'unknown'}${doc.mirrors_rules_file ? ' · rules file (saves open a PR)' : ''} · e edit · Esc back`
    : 'loading…';
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
