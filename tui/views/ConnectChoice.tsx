// Shown when no connection is configured: offers the built-in demo or `wsc login`.
import { Box, Text, useApp } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { safeLine } from '../format';
import { connectChoiceKeyAction, connectChoiceKeyHelp } from '../keys/connect-choice-key-map';

export interface ConnectChoiceProps {
  baseUrl: string | null;
  onChoice(choice: 'demo' | 'quit'): void;
}

export function ConnectChoice(props: ConnectChoiceProps) {
  const { exit } = useApp();
  useKeys((input, key) => {
    const action = connectChoiceKeyAction(input, key);
    if (action === null) return false;
    props.onChoice(action.kind);
    exit();
    return true;
  });
  return (
    <Box flexDirection="column">
      <Text bold>wsc is not connected to a workspace.</Text>
      <Text>{safeLine(props.baseUrl ? `WSC_URL is ${props.baseUrl}, but no token is set for it.` : 'Neither WSC_URL/WSC_TOKEN nor a saved profile was found.')}</Text>
      <Text> </Text>
      {connectChoiceKeyHelp().map((k) => (
        <Text key={k.keys}>{safeLine(`  ${k.keys.padEnd(13)} ${k.what}`)}</Text>
      ))}
    </Box>
  );
}
