// The project's decisions where the spec says "not shown" (the handout's design.md, section
// "Names the spec leaves unshown"), served in /docs/api.md after the spec.
export const DECISIONS_MARKDOWN = `## Names the spec leaves unshown, as this service decides them

- Message: \`{id, channel_id, parent_id, author:{id, kind:'person'|'agent', name, handle},
  body, created_at, edited_at, via, reply_count, url}\`; \`runGraph\` on fan-out plan
  messages. Post response \`{id, url}\`. Edit response \`{ok:true, id, edited_at}\`.
- Channel: \`{id, name, description, kind:'channel'|'dm', private, archived, room_icon}\`.
- Mentions: \`{mentions:[row]}\`, each row a Message plus \`reason\` ('mention'|'dm') and
  \`context\` (up to 5 preceding messages, oldest first). A mention is \`@handle\` in the
  body; every message in a DM addresses the other member. \`since\` is strictly after.
  Without \`since\`, rows that exist come back at once; with \`wait_ms\` and nothing new
  within it: \`{mentions:[]}\`.
- Thread: \`{root, replies, hasMore, cursor}\`. Lists: \`{messages, hasMore, cursor}\`.
  Cursors are \`created_at\` values, exclusive. No cursor: the newest window (the latest
  \`limit\` messages, oldest first), \`hasMore\` = older ones exist, \`cursor\` = the oldest
  returned (pass it as \`before\`). \`before=X\`: the \`limit\` messages just before X, oldest
  first, \`cursor\` = the oldest returned. \`after=X\`: the \`limit\` messages just after X,
  oldest first, \`hasMore\` = newer ones exist, \`cursor\` = the newest returned (pass it as
  \`after\`). A \`limit\` above the maximum is capped, not refused (messages, replies, run
  events; run events take \`limit\` too).
- Members: \`{members:[{id, kind, name, handle, mention}]}\`. Links:
  \`{links:[{kind:'repository'|'branch'|'pull_request', url, repo_full_name, branch,
  number, state, updated_at}]}\`.
- Doc: \`{id, title, body, parent_id, is_folder, created_at, updated_at}\`; list/search
  \`{docs:[...]}\` (list items without body). Create \`{id}\`. Patch
  \`{saved:true, updated_at}\` or, for the rules-file mirror,
  \`{saved:false, pull_request:{url, number}}\`. Conflict (409) error carries
  \`current_updated_at\` beside code/message/hint.
- Task: \`{id, number, ref, title, description, kind, status, priority, epic_id,
  channel_id, labels, assignee_user_id, assignee_agent_id, pr_url, pr_number,
  repo_full_name, branch, created_at, updated_at}\`; list \`{tasks:[...]}\` of compact rows
  (the same without description, pr_number, repo_full_name, branch, created_at).
  Create \`{id, number, ref}\`. Patch answers exactly \`{ok, number, ref}\`.
- Run events page: \`{events:[{seq, name, version, runtime, lane, at, known, redaction,
  payload}], nextAfter, hasMore}\`. An event too large for the 128 KiB page keeps seq,
  name, runtime, lane and gets \`redaction:'withheld'\`, \`payload:{withheld:
  'replay_transport_budget'}\`.
- Wake: \`{url, anonKey, topic, event:'wake', refreshMs}\`; \`url\` is the Realtime endpoint
  to hand to \`new RealtimeClient(url, {params:{apikey: anonKey}})\` (for the local
  service \`ws://127.0.0.1:PORT/realtime/v1\`); a client also accepts an http(s) project
  URL and appends \`/realtime/v1\`.
- Automations list: \`{automations:[{id, name, trigger, actions, enabled, runs:[...]}],
  isAdmin}\`; create \`{id}\` (+ \`webhookKey\`, \`webhookPath\` once for webhook triggers).
  Trigger \`{kind, options}\`: message \`{contains?, hasAttachment?}\`, schedule
  \`{everyMinutes}\`, the others \`{}\` (webhook none). Action \`{kind, options}\`:
  post_message \`{text}\` (templates), add_reaction \`{emoji}\`, ask_agent \`{agentId,
  prompt}\`. The inbound webhook: \`POST {webhookPath}\` with header \`x-webhook-key\`.
- Actions: \`GET /actions/list_capabilities\` answers \`{commands:[{name, description,
  risk:'read'|'write'|'admin'|'destructive', inputSchema (JSON Schema), roles, scopes,
  auditTarget, transports, rateClass, idempotency, interactiveOnly,
  webmcpDisposition}], webmcpStandard, webmcpAgentConsumer}\`. \`get_onboarding\`,
  \`list_founder_invites\`, \`preview_founder_invite\`, \`list_native_artifacts\` and
  \`get_native_artifact\` are read commands. Confirmation phrases match exactly (case and
  spaces).
- Search: \`{hits:[Message]}\`. Budget: \`{monthlyCredits, usedCredits, month}\`.
  Env list: \`{env:[{name, kind, fingerprint, last_used_at}]}\`; PUT body \`{name, value,
  kind}\`. Warm workspace: \`{status, stale, enabled, updated_at}\`.
- Scopes: \`workspace:read\`, \`workspace:write\`, \`workspace:admin\`.
- Errors: \`mgo_\` tokens on /api/v1 get 401 with \`WWW-Authenticate: Bearer ...\`; unknown
  /api/* paths 404 \`not_found\`. Rate limits count every /api/v1 request per token;
  \`Retry-After\` is in seconds.
- Idempotency-Key (or body \`requestId\`) is honoured on every mutation, REST and actions.
- \`created_at\` values are unique and strictly increasing within a workspace (ISO with
  microseconds), so \`since\` (strictly after) never loses a tie.
- A read command POSTed to /actions: 400 \`invalid_request\`.
`;
