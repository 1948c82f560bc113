export { saveDoc, type DocSaver, type SaveDocInput, type SaveDocResult } from './save-doc';
export { threeWayMerge, type ConflictHunk, type MergeOutcome, type MergeLabels } from './three-way-merge';
export { hasConflictMarkers } from './conflict-markers';
export { docTreeChildren, docTreeParents, docTreePath, type DocTreeItem } from './tree';
