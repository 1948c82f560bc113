// Limits (spec "Limits" plus decisions where it says "like the app").

export const LIMITS = {
  waitMsMax: 25_000,
  messagesDefault: 30,
  messagesMax: 200,
  repliesDefault: 200,
  repliesMax: 200,
  mentionsDefault: 50,
  mentionsMax: 200,
  mentionContext: 5,
  runEventsDefault: 100,
  runEventsMax: 200,
  runEventsPageBytes: 128 * 1024,
  searchMinChars: 2,
  searchDefault: 20,
  searchMax: 100,
  docsDefault: 100,
  docsMax: 500,
  tasksDefault: 100,
  tasksMax: 500,
  scheduleMinMinutes: 15,
  automationActionsMin: 1,
  automationActionsMax: 5,
  requestIdMax: 160,
  nameMax: 80,
  channelDescriptionMax: 500,
  avatarUrlMax: 2000,
  inviteNotesMax: 4000,
  /** Largest request body the local service accepts (ours). */
  requestBodyMaxBytes: 1024 * 1024,
  /** Largest message text or task note a client sends (ours), counted as its JSON-escaped UTF-8 bytes: the
   *  request-body limit less room for the request's other fields, so a refusal comes before sending. */
  messageTextMaxBytes: 1024 * 1024 - 4 * 1024,
} as const;
