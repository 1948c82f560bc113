// The while-coding code that waits for first use: the providers (imported at their first call) and
// the TODO and share-selection commands (at their first run). See lazy-providers.ts and index.ts.
export { ReferenceProviders } from './reference-providers';
export { TodoActionProvider, createTaskFromCode, linkCommentToTask } from './todo-actions';
export { addSelectionToTask, shareSelection } from './share-selection';
