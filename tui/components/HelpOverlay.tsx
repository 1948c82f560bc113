// `?`: every key of the UI (from keys.ts), the current view's first, windowed to the screen; j/k
// scroll, Esc or ? closes.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useMemo } from 'react';
import { useUiState } from '../state/use-ui-store';
import { helpCloseHint, helpKeyAction } from '../keys/help-key-map';
import { clip, fit, safeLine, term, textRow, type SafeText } from '../format';
import { keySectionsFor, SYMBOL_LEGEND } from '../keys/help-sections';
import type { View } from '../ui-context';

export interface HelpOverlayProps {
  width: number;
  height: number;
  onClose(): void;
  color?: boolean;
  /** The view it was opened from: its keys come first. */
  view?: View['kind'];
}

export function helpLines(width: number, view?: View['kind']): SafeText[] {
  const lines: SafeText[] = [];
  const keyWidth = Math.min(24, Math.floor(width / 3));
  for (const section of keySectionsFor(view)) {
    if (lines.length > 0) lines.push(term``);
    lines.push(safeLine(section.title));
    for (const k of section.keys) lines.push(clip(safeLine(`  ${fit(safeLine(k.keys), keyWidth)} ${k.what}`), width));
  }
  lines.push(term``, safeLine('Symbols'));
  for (const k of SYMBOL_LEGEND) lines.push(clip(safeLine(`  ${fit(safeLine(k.keys), keyWidth)} ${k.what}`), width));
  return lines;
}

export function HelpOverlay(props: HelpOverlayProps) {
  const [top, setTop] = useUiState(0);
  const lines = useMemo(() => helpLines(props.width, props.view), [props.width, props.view]);
  const bodyHeight = Math.max(1, props.height - 1);
  const maxTop = Math.max(0, lines.length - bodyHeight);
  useKeys(
    (input, key) => {
      const action = helpKeyAction(input, key, { top, page: bodyHeight, maxTop });
      if (action?.kind === 'close') props.onClose();
      else if (action?.kind === 'scroll') setTop(action.top);
      else return false;
      return true;
    },
    { level: 'overlay' },
  );
  const shown = lines.slice(top, top + bodyHeight);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color !== false} wrap="truncate">
        {clip(safeLine(`Keys${props.view && props.view !== 'welcome' ? ` · ${props.view} first` : ''}${maxTop > 0 ? ` (j/k scroll, ${top + 1}-${top + shown.length} of ${lines.length})` : ''} · ${helpCloseHint()}`), props.width)}
      </Text>
      {shown.map((line, i) => (
        <Text key={top + i} wrap="truncate">
          {textRow(line)}
        </Text>
      ))}
    </Box>
  );
}
