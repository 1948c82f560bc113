// JSON Schemas of the answers the clients read, checked at the boundary (shared/validate/check.ts).
// `required` lists what the client cannot work without (ids, cursors, versions); fields shown only
// for display get a `default` that degrades visibly ("unknown author") instead of breaking a view.
// A field the spec allows a service to leave out when null gets `default: null`.

type Schema = Record<string, unknown>;

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'], default: null } as const;
const bool = (fallback: boolean): Schema => ({ type: 'boolean', default: fallback });

const author: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', default: '' },
    kind: { enum: ['person', 'agent'], default: 'person' },
    name: { type: 'string', default: 'unknown author' },
    handle: { type: 'string', default: '' },
  },
};

export const messageSchema: Schema = {
  type: 'object',
  required: ['id', 'created_at'],
  properties: {
    id: str,
    channel_id: { type: 'string', default: '' },
    parent_id: nullableStr,
    author: { ...author, default: { name: 'unknown author' } },
    body: { type: 'string', default: '' },
    created_at: str,
    edited_at: nullableStr,
    via: nullableStr,
    reply_count: { type: 'integer', minimum: 0, default: 0 },
    url: { type: 'string', default: '' },
    run_id: nullableStr,
  },
};

const cursorPage = (key: string): Schema => ({
  type: 'object',
  required: [key, 'hasMore'],
  properties: {
    [key]: { type: 'array', items: messageSchema },
    hasMore: { type: 'boolean' },
    cursor: nullableStr,
  },
});

export const messagesPageSchema = cursorPage('messages');

export const threadSchema: Schema = {
  ...cursorPage('replies'),
  required: ['root', 'replies', 'hasMore'],
  properties: { ...(cursorPage('replies').properties as Schema), root: messageSchema },
};

export const mentionsSchema: Schema = {
  type: 'object',
  required: ['mentions'],
  properties: {
    mentions: {
      type: 'array',
      items: {
        ...messageSchema,
        properties: {
          ...(messageSchema.properties as Schema),
          reason: { enum: ['mention', 'dm'], default: 'mention' },
          context: { type: 'array', items: messageSchema, default: [] },
        },
      },
    },
    hasMore: bool(false),
  },
};

export const runEventsPageSchema: Schema = {
  type: 'object',
  required: ['events', 'nextAfter', 'hasMore'],
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'name'],
        properties: {
          seq: { type: 'integer', minimum: 0 },
          name: str,
          version: { type: 'integer', default: 1 },
          runtime: { type: 'string', default: '' },
          lane: { type: 'string', default: '' },
          at: { type: 'string', default: '' },
          known: bool(false),
          redaction: nullableStr,
          payload: { default: {} },
        },
      },
    },
    nextAfter: { type: 'integer', minimum: 0 },
    hasMore: { type: 'boolean' },
  },
};

export const identitySchema: Schema = {
  type: 'object',
  required: ['userId'],
  properties: {
    userId: str,
    name: { type: 'string', default: 'unknown' },
    workspaceId: { type: 'string', default: '' },
    workspace: { type: 'string', default: 'unknown workspace' },
    handle: { type: 'string', default: '' },
    note: { type: 'string', default: '' },
  },
};

export const channelsSchema: Schema = {
  type: 'object',
  required: ['channels'],
  properties: {
    channels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: str,
          name: str,
          description: { type: 'string', default: '' },
          kind: { type: 'string', default: 'channel' },
          private: bool(false),
          archived: bool(false),
          room_icon: nullableStr,
          is_member: bool(true),
          last_message_at: nullableStr,
        },
      },
    },
  },
};

const docFields: Schema = {
  id: str,
  title: { type: 'string', default: '(untitled)' },
  parent_id: nullableStr,
  is_folder: bool(false),
  created_at: { type: 'string', default: '' },
  updated_at: str,
  mirrors_rules_file: bool(false),
};

/** A doc as read for editing: its body and its version (updated_at) are what compare-and-set needs. */
export const docSchema: Schema = {
  type: 'object',
  required: ['id', 'body', 'updated_at'],
  properties: { ...docFields, body: str },
};

export const docsListSchema: Schema = {
  type: 'object',
  required: ['docs'],
  properties: {
    docs: {
      type: 'array',
      items: { type: 'object', required: ['id'], properties: { ...docFields, updated_at: { type: 'string', default: '' } } },
    },
  },
};

export const postMessageResultSchema: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: str, url: { type: 'string', default: '' } },
};

export const tasksListSchema: Schema = {
  type: 'object',
  required: ['tasks'],
  properties: {
    tasks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'number', 'status'],
        properties: {
          id: str,
          number: { type: 'integer' },
          ref: { type: 'string' },
          title: { type: 'string', default: '(untitled)' },
          kind: { type: 'string', default: 'task' },
          status: str,
          priority: { type: 'integer', default: 0 },
          epic_id: nullableStr,
          channel_id: nullableStr,
          labels: { type: 'array', items: str, default: [] },
          assignee_user_id: nullableStr,
          assignee_agent_id: nullableStr,
          pr_url: nullableStr,
          updated_at: { type: 'string', default: '' },
        },
      },
    },
  },
};

/** get_task's output: the task under `task`, nullable fields read as null when left out. */
export const taskResultSchema: Schema = {
  type: 'object',
  required: ['task'],
  properties: {
    task: {
      type: 'object',
      required: ['id'],
      properties: {
        ...((tasksListSchema.properties as { tasks: { items: { properties: Schema } } }).tasks.items.properties),
        number: { type: 'integer' },
        status: str,
        description: { type: 'string', default: '' },
        pr_number: { type: ['integer', 'null'], default: null },
        repo_full_name: nullableStr,
        branch: nullableStr,
      },
    },
  },
};

const listOf = (key: string, item: Schema): Schema => ({ type: 'object', required: [key], properties: { [key]: { type: 'array', items: item } } });

export const searchSchema = listOf('hits', messageSchema);

export const membersSchema = listOf('members', {
  type: 'object',
  required: ['id', 'handle'],
  properties: {
    id: str,
    kind: { enum: ['person', 'agent'], default: 'person' },
    name: { type: 'string', default: 'unknown member' },
    handle: str,
    mention: { type: 'string', default: '' },
  },
});

export const linksSchema = listOf('links', {
  type: 'object',
  required: ['url'],
  properties: {
    kind: { type: 'string', default: 'repository' },
    url: str,
    repo_full_name: nullableStr,
    branch: nullableStr,
    number: { type: ['integer', 'null'], default: null },
    state: nullableStr,
    updated_at: { type: 'string', default: '' },
  },
});

export const messageLinkSchema: Schema = {
  type: 'object',
  required: ['channel'],
  properties: {
    channel: { type: 'object', required: ['id'], properties: { id: str, name: { type: 'string', default: '' } } },
    message: { anyOf: [messageSchema, { type: 'null' }], default: null },
    root: { anyOf: [messageSchema, { type: 'null' }], default: null },
  },
};

export const createdIdSchema: Schema = { type: 'object', required: ['id'], properties: { id: str } };

export const createTaskResultSchema: Schema = {
  type: 'object',
  required: ['id', 'number'],
  properties: { id: str, number: { type: 'integer' }, ref: str },
};

export const wakeSchema: Schema = {
  type: 'object',
  required: ['url', 'topic'],
  properties: { url: str, topic: str, anonKey: { type: 'string', default: '' }, event: { type: 'string', default: 'wake' }, refreshMs: { type: 'integer', minimum: 1, default: 60_000 } },
};

export const capabilitiesSchema: Schema = {
  type: 'object',
  required: ['commands'],
  properties: {
    commands: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name: str,
          description: { type: 'string', default: '' },
          risk: { type: 'string', default: 'write' },
          inputSchema: { type: 'object', default: { type: 'object', properties: {} } },
          roles: { type: 'array', default: [] },
          scopes: { type: 'array', default: [] },
          transports: { type: 'array', default: ['rest'] },
        },
      },
    },
  },
};

export const automationsSchema: Schema = {
  type: 'object',
  required: ['automations'],
  properties: {
    isAdmin: bool(false),
    automations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: str,
          name: { type: 'string', default: '(unnamed)' },
          enabled: bool(false),
          trigger: { type: 'object', default: { kind: 'unknown' } },
          actions: { type: 'array', default: [] },
          runs: { type: 'array', default: [] },
        },
      },
    },
  },
};

export const envSchema = listOf('env', {
  type: 'object',
  required: ['name'],
  properties: { name: str, kind: { type: 'string', default: 'secret' }, fingerprint: { type: 'string', default: '' }, last_used_at: nullableStr },
});

export const RESPONSE_SCHEMAS = {
  message: messageSchema,
  messagesPage: messagesPageSchema,
  thread: threadSchema,
  mentions: mentionsSchema,
  runEventsPage: runEventsPageSchema,
  identity: identitySchema,
  channels: channelsSchema,
  doc: docSchema,
  docsList: docsListSchema,
  postMessageResult: postMessageResultSchema,
  tasksList: tasksListSchema,
  taskResult: taskResultSchema,
  search: searchSchema,
  members: membersSchema,
  links: linksSchema,
  messageLink: messageLinkSchema,
  createdId: createdIdSchema,
  createTaskResult: createTaskResultSchema,
  wake: wakeSchema,
  capabilities: capabilitiesSchema,
  automations: automationsSchema,
  env: envSchema,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
