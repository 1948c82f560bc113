// The top line: who is signed in, to which workspace, and where the token came from.
import { Text } from 'ink';
import type { Identity } from '../../shared/index';
import { clip } from '../format';
import { headerLine } from './header-text';

export interface HeaderProps {
  me: Identity;
  sourceLabel: string;
  width: number;
  color?: boolean;
}

export function Header(props: HeaderProps) {
  return (
    <Text bold={props.color !== false} wrap="truncate">
      {clip(headerLine(props.me, props.sourceLabel, props.width), props.width)}
    </Text>
  );
}
