// One line wherever you are: the newest mention that arrived while you were elsewhere.
import { Text } from 'ink';
import type { MentionRow } from '../../shared/index';
import { clip, safeLine } from '../format';

export interface MentionNoticeProps {
  row: MentionRow | null;
  channelName(channelId: string): string;
  width: number;
  color?: boolean;
}

export function mentionNoticeText(row: MentionRow, channelName: string): string {
  const what = row.reason === 'dm' ? 'messaged you' : 'mentioned you';
  const body = safeLine(row.body.replace(/\s+/g, ' '));
  return `● ${safeLine(row.author.name)} ${what} in ${channelName}: ${body}  (m: mentions)`;
}

export function MentionNotice(props: MentionNoticeProps) {
  if (props.row === null) return <Text> </Text>;
  return (
    <Text color={props.color !== false ? 'yellow' : undefined} wrap="truncate">
      {clip(safeLine(mentionNoticeText(props.row, props.channelName(props.row.channel_id))), props.width)}
    </Text>
  );
}
