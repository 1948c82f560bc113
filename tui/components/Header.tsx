// The top line: who is signed in, to which workspace, and where the token came from.
import { Text } from 'ink';
import type { Identity } from '../../shared/index';
import { clip, safeLine } from '../format';

export interface HeaderProps {
  me: Identity;
  sourceLabel: string;
  width: number;
  color?: boolean;
}

export function headerText(me: Identity, sourceLabel: string): string {
  return `${safeLine(me.name)} (@${safeLine(me.handle)}) in ${safeLine(me.workspace)} · ${safeLine(sourceLabel)}`;
}

export function Header(props: HeaderProps) {
  return (
    <Text bold={props.color !== false} wrap="truncate">
      {clip(safeLine(headerText(props.me, props.sourceLabel)), props.width)}
    </Text>
  );
}
