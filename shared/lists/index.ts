// Lists as every face shows them: asked at the service's ceiling, narrowed to fill, judged for
// completeness (cut, repeated rows, rows beyond what was asked), in natural order.
export { naturalBy, naturalCollator, naturalCompare, setListLocale } from './natural-order';
export { ceilingFromDocument, learntCeilingOf, listCeiling, noteAnswerSize, UNKNOWN_CEILING_ASK } from './list-ceiling';
export { listNotesText, mergeAnswers, settleAnswer, type ListAnswer, type ListNotes } from './whole-list';
export { loadWholeTasks, type TaskListClient, type WholeTasks } from './task-lists';
export { loadWholeDocs, type DocListClient, type WholeDocs } from './doc-lists';
