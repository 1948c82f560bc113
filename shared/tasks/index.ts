// Tasks as every face asks about them: T-refs and branch names, pull-request URLs and git remotes,
// the PR-link plan and the assignee choice.
export { taskRefFromBranch, branchNameFor, slugify, isValidBranchName, DEFAULT_BRANCH_PATTERN } from './task-ref';
export { parsePullRequestUrl, checkPrUrlInput, PR_URL_RULE, type PrProvider, type PullRequestRef, type PrUrlCheck } from './pr-url';
export { parseGitRemote, newPullRequestUrl, type GitRemote } from './git-remote';
export { taskRefOfBranch, type GitContext } from './git-context';
export { planPrLink, branchFacts, suggestPrUrl, type PrLinkPlan, type PrLinkTask, type BranchFacts, type PrUrlSource, type PrUrlSuggestion } from './pr-link-plan';
export { assigneeOptions, assigneePatch, assigneeNeedsPeople, assigneeTargetOf, resolveAssignee, type AssigneeResolution, type AssigneeTarget, type AssigneeOption, type AssigneePatch, type AssigneeTask } from './assignee-choice';
export { matchesTaskFields, hasTaskFieldFilter, type TaskFieldFilter } from './field-filter';
export { readTask, type TaskActionReader } from './read-task';
export { loadSavedTaskView, parseSavedTaskViews, SAVED_VIEW_FIELDS, type SavedTaskView, type SavedTaskViewEntry, type SavedViewClient, type SavedViewResult, type SavedViewReadOptions } from './saved-views';
export { taskFieldRows, taskNames, type TaskNames, type TaskNameSource } from './task-names';
export { planStartWork, type StartWorkPlan, type StartWorkPlanResult, type StartWorkTask, type StartWorkAssignment } from './start-work-plan';
