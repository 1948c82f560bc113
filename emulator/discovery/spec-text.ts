// An embedded copy of the service contract (the team handout's spec/workspace-api-v1.md), served
// as the first part of /docs/api.md. Regenerate it from the handout when the spec changes.
export const SPEC_MARKDOWN = `# Workspace Collaboration Service REST API (v1)

This single document covers the whole interface: what the service does, resources and fields, states, endpoints, authentication, events, errors, limits and versioning. {base_url} is the service's base address. All REST paths below are relative to {base_url}. Request and response bodies are JSON unless stated.

## What the service does

The service is a team workspace with channels (including direct messages), threads, Markdown docs, a task and epic tracker, per-channel automations, per-channel budgets and environment values, and agents (AI members) that can be mentioned. A REST surface under \`/api/v1\` lets scripts, CLIs and agent frameworks act in one workspace AS THE PERSON who minted a personal token.

1. Permissions, rate limits and visibility equal those of that person in the app.
2. Posts render under the person's name with a small 'via' marker, which shows the client name when the optional header \`x-service-client\` is sent.
3. Nothing is reachable that the person could not reach.
4. Other entry points exist: remote MCP at \`/api/mcp\`, page-scoped browser tools, a JSON discovery document at \`/api\` (links to REST, OpenAPI, MCP, the MCP server card and the authentication guide). Remote MCP and REST accept the same personal token.
5. The machine-readable contract is at \`/api/v1/openapi.json\`. The human-readable reference is at \`/docs/api\`, with raw Markdown at \`/docs/api.md\`.
6. Named-agent tokens (prefix \`mgo_\`) are not accepted on \`/api/v1\`; an agent joining as its own workspace member uses MCP with an agent token.

## Resources and their fields

Conventions: ids are strings. Some action inputs declare \`format: uuid\`. Cursors and \`since\` are ISO timestamps. Most resource endpoints use snake_case keys; the room-budget write uses \`monthlyCredits\`; generic actions use the camelCase schema published by \`list_capabilities\`. Do not change key casing. List responses wrap their array under a key named for the resource: \`{channels:[...]}\`, \`{messages:[...]}\`, thread \`{root, replies:[...]}\`.

### Identity (response of GET /me)

| Field | Meaning |
|---|---|
| kind | string; 'person' for a personal token |
| userId | string |
| name | string, the person's display name |
| workspaceId | string |
| workspace | string, workspace name |
| note | string, states that tools act as this person |

Other identity fields: not shown.

### Channel

A channel or direct message the person can currently read. The list (\`{channels:[...]}\`) includes the saved \`room_icon\`. Other channel record fields: not shown.

Room icon value (accepted by \`create_channel\` and \`update_channel\` as \`roomIcon\`): \`emoji:<glyph>\` (one Unicode emoji), \`icon:<icon_export_name>\`, or null for the default. Either form may end in \`:#rrggbb\` to set the tile color; without it the room gets a steady color derived from its id. Named agents can read but not change it.

### Message

| Field | Type | Required | Notes |
|---|---|---|---|
| body | string | yes (post, edit) | Markdown |
| parent_id | string | no (post only) | id of the root message of the thread to reply in |

- The post response carries the new message id and its URL.
- Channel message lists contain top-level messages only, oldest first; replies are read through the thread endpoint. Paging fields on lists: \`hasMore\`, \`cursor\`.
- A row from the mentions endpoint carries \`reason\` ('mention' or 'dm'), \`context\` (the lead-up messages) and \`created_at\`.
- Only human-authored messages owned by the token's person can be edited.
- @-mentions in a posted body notify people and summon agents exactly as chat does.
- A fan-out plan message in \`read_channel\` / \`get_thread\` results carries a content-free \`runGraph\` (manager and specialist run ids, statuses, timing). It is omitted whenever the room contains a guest. It never exposes runtime sessions, transcript paths, prompts or the lineage table.

Other message fields and the names of the id and URL fields in the post response: not shown.

### Thread

\`{root, replies}\`: the root message plus replies, oldest first, as the newest window of at most 200 (\`hasMore\`/\`cursor\`). Readable only while the token's person can read the containing channel.

### Automation (per channel)

Request fields for create/update:

| Field | Type | Required | Notes |
|---|---|---|---|
| automation_id | string | no | present means update |
| name | string | yes | |
| trigger | object | yes | one trigger definition |
| actions | array of object | yes | 1 to 5 steps |
| enabled | boolean | no | toggle |

Trigger kinds: \`message\` (options contains / hasAttachment), \`schedule\` (everyMinutes, at least 15), \`pr_merged\`, \`checks_failed\`, \`task_completed\`, \`run_settled\`, \`webhook\`. A webhook trigger's create response carries a ONE-TIME \`webhookKey\` and a \`webhookPath\`.

Action kinds: \`post_message\` (template variables \`{{author}}\`, \`{{text}}\`, \`{{channel}}\`), \`add_reaction\`, \`ask_agent\` (files a task and proposes a dispatch; a person approves in the channel before the agent runs; an automation can ask but never spend). Definitions are validated by the engine's own parsers.

The list response contains the automations with recent run history and \`isAdmin\` (whether the caller may change them). Members can read. Fields of an automation record and of a run-history entry: not shown. Layout of trigger and action objects beyond the names above: not shown.

### Doc

| Field | Type | Notes |
|---|---|---|
| title | string | required on create |
| body | string | full Markdown; required on create and on patch |
| parent_id | string | optional folder on create; root if omitted |
| expected_updated_at | string | optional on patch; compare-and-set |

GET returns the full Markdown body and hierarchy metadata. A doc that mirrors the repository's rules file ships the edit as a pull request instead of saving directly; the response says which happened. Guests have no Docs. Other doc fields: not shown.

### Task (tracker item; kind task or epic)

| Field | Type | Allowed values / notes |
|---|---|---|
| title | string | required on create |
| description | string | Markdown |
| kind | string | task, epic |
| status | string | backlog, todo, doing, in_review, done, canceled |
| priority | integer | 0 none, 1 urgent, 2 high, 3 medium, 4 low |
| epic_id | string | parent epic |
| channel_id | string | project channel |
| labels | array of string | |
| append_note | string | patch only; appends a dated progress line instead of replacing the description |
| assignee_agent_id, assignee_user_id | string | patch |
| pr_url | string | patch; full http(s) URL; empty string unlinks; any other non-URL value is refused and does not clear the link |
| pr_number | integer | patch |
| repo_full_name, branch | string | patch |

A task is addressed by uuid or \`T-<n>\`. Create response: the task number and T-ref. Patch response: \`{ok, number, ref}\` only. Other task record fields: not shown.

### Links and members

Channel links: repository, branch and pull-request links with their latest stored state. Channel members: people and member agents visible in the channel, with a handle and a ready-to-paste mention when available. Fields of link and member records: not shown.

### Environment values, budget, warm workspace

- Room environment values: the list gives names, kinds, fingerprints and last use; raw values are never returned; values are write-only.
- Room budget: monthly agent budget (\`monthlyCredits\`, number or null to clear) and where it stands this month.
- Warm workspace: stored status and metadata of the saved project; when the Warm workspaces feature is disabled, runs start cold even if a saved row remains.
- Response field names for these three, and for the budget beyond monthlyCredits: not shown.

### Run events (harness event ledger)

Ordered, redacted and bounded execution record of a run. Each event has a per-run sequence number, names the runtime and lane, and has the same envelope for all producers (tools, file changes, checks, usage, children, review and other facts). An event of an unknown future name or payload version stays in the replay with \`known: false\`. An event with \`redaction: 'withheld'\` means output was intentionally omitted, not that nothing happened. Page fields: \`nextAfter\`, \`hasMore\`. Other envelope field names: not shown.

## States and transitions

Task status values: backlog, todo, doing, in_review, done, canceled. Transitions: not shown as a restricted graph; the material only shows the rows below.

| State | Trigger | Condition | Next state | Also |
|---|---|---|---|---|
| any task status | PATCH /tasks/:id with status | the value is one of the six statuses | the sent status | only sent fields change; response is \`{ok, number, ref}\` |
| any open task status | merge of the pull request linked to the task | task has a linked PR | done | automatic completion |
| automation enabled or disabled | PATCH /channels/:id/automations/:automationId with \`{enabled}\` or \`enabled\` in the upsert body | caller is a workspace admin | enabled true or false | |
| automation exists | DELETE /channels/:id/automations/:automationId | admin | removed | run history removed with it |
| durable hosted run stopped | POST /runs/:id/retry | caller is the requester or an admin | run continues from where it stopped | states of runs: not shown |
| mutation receipt | repeat with the same key, connection and command | | unchanged | returns original receipt with \`replayed: true\`; effect not repeated |

Warm workspace: POST /channels/:id/workspace/rebuild marks the saved project stale so the next hosted run reinstalls it when Warm workspaces is enabled.

## Endpoints

All endpoints need the bearer token (see Authentication) unless stated. Shapes only.

| Method and path | Query / path params | Request body | Response |
|---|---|---|---|
| GET /api/v1/me | | | identity object |
| GET /api/v1/me/mentions | since (string, ISO timestamp, only messages after it), channel_id (string), wait_ms (integer, long-poll hold, capped at 25000), limit (integer) | | addressed messages, newest first, each with reason, context, created_at |
| GET /api/v1/me/wake | | | doorbell coordinates: url, anonKey, topic, event, refreshMs |
| GET /api/v1/channels | | | {channels:[...]} |
| GET /api/v1/channels/{id}/messages | id (channel); limit (integer, default 30, max 200); before, after (cursors; before pages older, after reads forward) | | {messages:[...]} oldest first, with hasMore and cursor |
| POST /api/v1/channels/{id}/messages | id | {body: string (required), parent_id?: string} | message id and URL |
| GET /api/v1/channels/{id}/members | id | | members |
| GET /api/v1/channels/{id}/automations | id | | automations and isAdmin |
| POST /api/v1/channels/{id}/automations | id | {automation_id?, name, trigger, actions, enabled?} (admins only) | automation id; webhookKey and webhookPath once for webhook triggers |
| PATCH /api/v1/channels/{id}/automations/{automationId} | | {enabled: boolean} (admins) | confirmation |
| DELETE /api/v1/channels/{id}/automations/{automationId} | | | confirmation (admins) |
| GET /api/v1/channels/{id}/links | id | | links |
| GET /api/v1/channels/{id}/env | id | | names, kinds, fingerprints, last use |
| PUT /api/v1/channels/{id}/env | id | one write-only value (admins; requires the teamspace's Zero to one feature) | confirmation |
| DELETE /api/v1/channels/{id}/env | id; name (query) | | confirmation (admins; requires Zero to one) |
| GET /api/v1/channels/{id}/budget | id | | monthly budget and this month's standing |
| PUT /api/v1/channels/{id}/budget | id | {monthlyCredits: number or null} (admins) | confirmation |
| GET /api/v1/channels/{id}/workspace | id | | warm-workspace status and metadata |
| POST /api/v1/channels/{id}/workspace/rebuild | id | | confirmation (admins) |
| PUT /api/v1/artifacts/{id}/address | id (published native app) | new available address under the apps domain {apps_domain} | confirmation |
| GET /api/v1/threads/{id} | id (root message id); limit (max 200); before, after | | {root, replies} oldest first, hasMore, cursor |
| PATCH /api/v1/messages/{id} | id | {body: string} | edit confirmation |
| GET /api/v1/message-link | url (required; a copied message, thread or channel URL) | | the message in context |
| GET /api/v1/search | q (required, min 2 chars, contains-match); limit | | hits, newest first |
| GET /api/v1/docs | q (optional; searches title and body instead of listing); limit | | docs or search hits |
| POST /api/v1/docs | | {title, body, parent_id?} | created doc id |
| GET /api/v1/docs/{id} | id | | doc with Markdown body |
| PATCH /api/v1/docs/{id} | id | {body: string (required), expected_updated_at?: string} | save or pull-request confirmation |
| GET /api/v1/tasks | status, assignee ('me' or user/agent id), epic_id, channel_id, kind (task or epic), q (text over title and description), limit | | compact triage index |
| POST /api/v1/tasks | | {title (required), description, kind, status, priority, epic_id, channel_id, labels} | task number and T-ref |
| PATCH /api/v1/tasks/{id} | id (uuid or T-<n>) | any subset of the task patch fields | {ok, number, ref} |
| GET /api/v1/runs/{id}/events | id (run); after (integer sequence cursor) | | events after the cursor, nextAfter, hasMore |
| POST /api/v1/runs/{id}/retry | id | | confirmation (requester or admin) |
| GET /api/v1/actions/list_capabilities | | | the personal/REST machine contract: schemas, roles, scopes, risk, audit target, transports, rate class, idempotency, interactive-only dispositions; also a webmcpDisposition per command, webmcpStandard and a webmcpAgentConsumer block |
| GET /api/v1/actions/{command} | command; the command's input fields as separate query parameters | | command result; only non-interactive commands of risk read; mutations are refused on GET |
| POST /api/v1/actions/{command} | command; header Idempotency-Key (string, max 160, optional) | JSON body following the command's input schema | {ok: true, receipt:{actionId, requestId, replayed}} plus command output; read commands are rejected here |

Request bodies of PUT env, PUT artifact address, POST run retry and POST workspace/rebuild: not shown.

### Generic action commands

Each input object rejects unknown keys. Every mutation accepts optional \`requestId\` (string, max 160).

| Command | Inputs |
|---|---|
| create_workspace | name (required, max 80) |
| update_workspace | workspaceId (uuid, required), name (max 80), avatarUrl (HTTPS URL, max 2000) |
| leave_workspace | workspaceId (uuid), confirm = 'leave workspace' (both required) |
| transfer_workspace | workspaceId (uuid), userId (uuid of new owner), confirm = 'transfer ownership' (all required) |
| delete_workspace | workspaceId (uuid), confirm = 'delete workspace permanently' (both required) |
| create_channel | workspaceId (uuid, required), name (required, max 80), description (max 500), isPrivate (boolean), roomIcon |
| update_channel | channelId (uuid, required), name (max 80), description (max 500), roomIcon |
| archive_channel, restore_channel, join_channel | channelId (uuid, required) |
| delete_channel | channelId (uuid), confirm = 'delete channel permanently' (both required) |
| set_status | the caller's own custom status: a standard emoji or a workspace :emoji: token, short text, optional expiry |
| list_native_artifacts, get_native_artifact | room-scoped reads |
| delete_doc, delete_task (named-agent) | confirm = 'delete doc permanently' or 'delete task permanently' |

The command families also include invitations and roles, deletion of the caller's own messages, retraction of ordinary agent responses, reactions, pins, agent archive/restore/cleanup, delegated Activity, personal-delegate context, Docs folder create/move/rename/delete and proposal reads, Tasks detail/delete/reorder and assignment. Input schemas of all other commands, including leave_channel, and their exact command names are obtained from \`list_capabilities\`; not shown here.

Creating or revising a mini app is done by posting a request in the conversation addressed to a hosted agent. Choosing the kept version, restarting preview compute, publishing and connecting a repository host are person-only and are not generic actions.

### Read run events (also an MCP tool \`read_run_events\`)

1. Input \`after\` returns only events with a greater per-run sequence.
2. \`nextAfter\` is the last returned sequence, or the supplied \`after\` when nothing is new; persist it and continue while \`hasMore\` is true.
3. A page holds at most 100 events by default, capped at 200, and ends earlier at a 128 KiB serialized-response budget. If one event alone exceeds the budget, its sequence and envelope are kept and its payload is replaced by a withheld marker named \`replay_transport_budget\`.
4. The caller must be a current non-guest member who can read the run's room. A named agent may read a sibling run only if its token can access that room; hosted-run tokens stay in their source room and channel-bound tokens stay bound. Named-agent replay is refused while the room contains a guest.
5. Hosted runs of supported agent runtimes feed the ledger. Local runs require local agent daemon version 0.11.1 or newer. A remote agent emits events only for an orchestrator dispatch turn that carries a durable \`dispatchRunId\`.

### Founder invitations (actions; founder-only)

Require a personal connection with \`workspace:admin\` scope and a current verified founder account. Reads use GET, mutations POST.

| Command | Inputs and rules |
|---|---|
| list_founder_invites | reads the latest 200 invitations and gift status |
| create_founder_invite | email, plan ('pro' or 'max'; default max), months (1-12; default 1), subject, note, acceptWithinDays (1-90; default 30), creditsPerMonth (1-50000; default the plan's one-seat monthly allowance shared by one workspace), requestId (UUID, required). Does not send email. |
| preview_founder_invite | inviteId; returns the exact email and private link |
| send_founder_invite | inviteId, requestId (UUID); resend: true with a new UUID only for an intentional additional send; deliveryAttemptId (the saved send_attempt_id) with a new requestId retries the same provider attempt after a reported failure |
| revoke_founder_invite | inviteId; only for unclaimed invitations |
| extend_founder_gift | inviteId, months (absolute total duration of an active gift, max 12); the current allowance is not refilled |
| update_founder_invite_notes | inviteId, notes (max 4000 characters) |

Gift credits refresh on calendar-month anniversaries, do not accumulate and expire at the end. No automatic subscription or charge occurs.

### Welcome / onboarding (actions)

| Command | Inputs and rules |
|---|---|
| get_onboarding | workspaceId; reads saved answers and setup progress |
| save_onboarding | workspaceId, answers (patch; keys include intent, agentTools, connectionInterests, skillInterests (agent template slugs)); unlisted answers stay unchanged; accepts requestId |
| finish_onboarding | workspaceId; finishes the welcome and, if a project was described, creates an editable doc; repeating keeps the same doc; accepts requestId |

Selecting tools records preferences only; it does not connect anything, invite anyone or start a paid run. Setup pages: \`/w/:workspaceId/welcome\` and \`/w/:workspaceId?setup=1\`. \`setupGoal\` values: invite, agent, repo, connections, skills, first_contribution. A channel link with \`?members=create&agentTemplate=<slug>\` opens the create-agent form with that template; unknown slugs are ignored; opening such a link never creates an agent.

## Authentication

1. Scheme: HTTP bearer. Header \`Authorization: Bearer <PERSONAL_TOKEN>\`. Personal tokens start with \`hpt_\`.
2. A token is created in the app (space settings, Connections, Coding-agent connections) as a named connection. It is displayed once and stored only as a hash. It covers one workspace and ceases when the person leaves the workspace.
3. Connections coexist, each with its own scopes and activity trace, and are revoked independently. Scopes include read, write and admin; the exact strings of read and write scopes: not shown. The admin scope is \`workspace:admin\`.
4. The person's current membership and role are re-checked on every call.
5. Admin and destructive commands need both the person's live role and the connection's \`workspace:admin\` scope. Permanent deletion and ownership changes also need the command's exact confirmation phrase.
6. Optional header \`x-service-client: <client_name>\` labels the 'via' marker on posts.
7. Named-agent tokens (\`mgo_\`) are rejected on \`/api/v1\` and do not inherit personal scopes. For named-agent \`delete_doc\` and \`delete_task\`, the agent's linked owner must have personally minted that exact credential and must still be a workspace owner or admin.
8. Secrets (raw tokens, invite-link credentials, one-time webhook key) appear only in the creating response; the append-only action record keeps allowlisted identifiers and outcomes only.
9. A role change or token-owner unlink takes effect before a saved receipt can replay.
10. Missing, malformed or revoked token: 401 \`unauthorized\` with a \`WWW-Authenticate\` header.
11. Mutation idempotency: a stable key in header \`Idempotency-Key\` or body \`requestId\`.

## Events

1. Realtime doorbell: GET /me/wake gives coordinates of a realtime broadcast topic (\`url\`, \`anonKey\`, \`topic\`, \`event\`, \`refreshMs\`). The topic receives a content-free \`wake\` event whenever anything is posted in the workspace. A client treats each ping as a cue to call GET /me/mentions. The ping is not a mention filter; polling remains the source of truth. The topic is secret and can rotate: re-fetch every \`refreshMs\` and on reconnect.
2. Long-poll: GET /me/mentions with \`wait_ms\` holds the request up to 25 s and answers the moment a message addressed to the person arrives. Resume by passing the newest handled \`created_at\` as \`since\`.
3. Harness events (run ledger): read through GET /runs/{id}/events or \`read_run_events\`, see Endpoints. Event names, payload versions and payload schemas: not shown; unknown names keep \`known: false\`.
4. Automation triggers (message, schedule, pr_merged, checks_failed, task_completed, run_settled, webhook) start the automation's actions. The inbound call shape of a webhook trigger: not shown.
5. Outbound webhook delivery to API clients: none is shown.

## Errors

Every failure has this shape: \`{error:{code:string, message:string, hint:string}}\`. \`code\` is stable and machine-matchable; \`message\` is for humans and may change; \`hint\` is a concrete next step.

| HTTP | code | Condition |
|---|---|---|
| 400 | invalid_request | invalid request (bad body, parameter or query) |
| 401 | unauthorized | missing, malformed or revoked token; response has \`WWW-Authenticate\` |
| 403 | permission_required | role or scope insufficient; a non-read command run through GET /actions |
| 404 | not_found | missing OR not accessible; identical for both, the API never confirms that something unreachable exists |
| 409 | conflict | conflicting state; PATCH /docs/{id} with \`expected_updated_at\` when the doc changed since it was read |
| 429 | rate_limited | per-token rate limit; back off and retry; response has \`Retry-After\` |
| 500 | internal | server failure |

- Unknown \`/api/*\` paths return the same error shape, not an HTML page.
- Task updates return a confirmation, not the changed fields.
- The exact shape of the conflict payload for a compare-and-set doc edit: not shown.
- Status codes listed per endpoint: 401 on all; 404 on endpoints addressing an id; 429 on mentions, channel messages (read and post), automation upsert, message edit, doc create and patch, task create and patch, and generic action reads; 400 where a body or parameters are validated.

## Limits

| Limit | Value | Applies to |
|---|---|---|
| wait_ms | capped at 25000 ms | GET /me/mentions |
| limit, default 30, max 200 | | channel messages window |
| replies window | max 200 (limit) | GET /threads/{id} |
| run events page | default 100, max 200, 128 KiB serialized budget | run events replay |
| search q | minimum 2 characters | GET /search |
| automation schedule | everyMinutes at least 15 | schedule trigger |
| automation actions | 1 to 5 | upsert automation |
| requestId / Idempotency-Key | max 160 characters | mutations |
| workspace and channel name | max 80 | create/update |
| channel description | max 500 | create/update |
| avatarUrl | max 2000 | update_workspace |
| founder invitations read | latest 200 | list_founder_invites |
| months | 1-12 | founder gift |
| acceptWithinDays | 1-90 | founder invite |
| creditsPerMonth | 1-50000 | founder invite |
| invite notes | max 4000 characters | update_founder_invite_notes |

- Rate limits are per token and mirror the person's limits in the app; their numeric values and windows: not shown.
- Default and maximum \`limit\` values for endpoints other than channel messages and thread replies: not shown (each caps and defaults like the app).

## Versioning

1. The major version is part of the URL: \`/api/v1\`.
2. Additive fields may appear within v1; clients ignore fields they do not use.
3. A breaking request or response change gets a new major path.
4. A retired v1 operation is announced with its replacement, and standard \`Deprecation\` and \`Sunset\` headers are sent before removal.
5. The OpenAPI document declares version 1 of the API definition.
`;
