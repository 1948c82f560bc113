// The palette's form for one command: fields from its input schema (shared/actions, the same form and
// coercion as VS Code's); ↑/↓ or Enter moves between fields, Enter on the last runs it (after the
// exact confirmation phrase for destructive ones).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { actionFormFields, actionInput, fieldHint, type Capability } from '../../shared/index';
import { clip, fit, safeLine } from '../format';
import { useRef } from 'react';
import { actionFormHint, actionFormKeyAction } from '../keys/action-form-key-map';

export interface ActionFormProps {
  command: Capability;
  width: number;
  height: number;
  active: boolean;
  color?: boolean;
  onSubmit(input: Record<string, unknown>): void;
  onCancel(): void;
}

export function ActionForm(props: ActionFormProps) {
  const fields = actionFormFields(props.command);
  const [values, setValuesState] = useUiState<Record<string, string>>({});
  // The latest values, also between renders: two chunks read in one tick must both count.
  const current = useRef(values);
  const setValues = (next: Record<string, string>): void => {
    current.current = next;
    setValuesState(next);
  };
  const [at, setAt] = useUiState(0);
  const [problem, setProblem] = useUiState<string | null>(null);
  const count = fields.length;

  const submit = () => {
    const result = actionInput(fields, values);
    if (!result.ok) {
      setProblem(result.message);
      setAt(Math.max(0, fields.findIndex((f) => f.name === result.field)));
      return;
    }
    props.onSubmit(result.input);
  };

  useKeys(
    (input, key) => {
      const field = fields[at];
      const action = actionFormKeyAction(input, key, { at, count, value: field ? (current.current[field.name] ?? '') : '', problem: problem !== null });
      if (action === null) return false;
      switch (action.kind) {
        case 'cancel':
          props.onCancel();
          break;
        case 'move':
          setAt((a) => Math.max(0, Math.min(Math.max(0, count - 1), a + action.by)));
          break;
        case 'submit':
          submit();
          break;
        case 'clear-problem':
          setProblem(null);
          break;
        case 'edit':
          setProblem(null);
          if (field) setValues({ ...current.current, [field.name]: action.value });
          break;
      }
      return true;
    },
    { isActive: props.active, text: true, line: true },
  );

  const labelWidth = Math.min(22, Math.max(8, ...fields.map((f) => f.name.length + 2)));
  const risk = props.command.risk;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color !== false} wrap="truncate">
        {clip(safeLine(`${safeLine(props.command.name)} (${risk}) · ${actionFormHint()}`), props.width)}
      </Text>
      <Text dimColor={props.color !== false} wrap="truncate">
        {clip(safeLine(props.command.description), props.width)}
      </Text>
      {count === 0 ? <Text>No inputs. Press Enter to run.</Text> : null}
      {fields.slice(Math.max(0, at - (props.height - 5)), Math.max(0, at - (props.height - 5)) + props.height - 4).map((f) => {
        const i = fields.indexOf(f);
        const mark = i === at ? '▸' : ' ';
        return (
          <Text key={f.name} wrap="truncate">
            {clip(safeLine(`${mark}${fit(safeLine(`${f.name}${f.required ? '*' : ''}`), labelWidth)} ${values[f.name] ?? ''}${i === at ? '▏' : ''}   ${safeLine(fieldHint(f))}`), props.width)}
          </Text>
        );
      })}
      <Text color={problem && props.color !== false ? 'red' : undefined} wrap="truncate">
        {clip(safeLine(problem ?? (risk === 'destructive' ? 'Destructive: it asks for the exact confirmation phrase.' : ' ')), props.width)}
      </Text>
    </Box>
  );
}
