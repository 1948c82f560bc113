// Generic actions as every face asks about them: the input form of a command's schema and the
// coercion of what was typed.
export { actionFormFields, confirmPhraseOf, fieldHint, fieldPrompt, GENERATED_FIELDS, LEAVE_EMPTY, type ActionFormField, type FieldKind, type PickOption } from './input-form';
export { parseFieldText, parseFieldValue, fieldProblem, actionInput, type FieldValue, type ActionInputResult } from './coerce-input';
