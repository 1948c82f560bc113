// References in text and code: T-refs, @handles and message links in prose; permalinks, snippets and
// TODO comments in code; commit messages naming a task; links that open the editor.
export { findReferences, referenceAt, completionPrefixAt, type TextReference, type FindReferenceOptions, type CompletionPrefix } from './find-references';
export { markdownCodeRanges, fencedCodeRanges, type TextRange } from './markdown-code';
export { codePermalink, codeLocationLabel, type CodeLocation } from './permalink';
export { isBinaryBytes, isBinaryString } from './binary-text';
export { codeSnippetMessage, jsonTextBytes, textLength, type SnippetResult, type SnippetInput } from './snippet';
export { parseTodoComment, withTodoRef, taskFromCode, type TodoComment } from './todo-comment';
export { commitMessageWithRef, COMMIT_REF_MODES, type CommitRefMode } from './commit-message';
export { editorOpenUri, parseEditorOpenUri, WSC_EXTENSION_ID, EDITOR_OPEN_PATH, type EditorOpenTarget } from './open-link';
export { languageForPath } from './language';
export { PeopleDirectory, PEOPLE_TTL_MS, PEOPLE_FAILURE_TTL_MS } from './people-directory';
