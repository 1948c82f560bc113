// The answers the clients check at the boundary, by the `$id` of their contract schema. The type a
// check returns is derived from the schema named here: no cast at the call site.
import {
  AutomationsResponseSchema,
  CapabilitiesResponseSchema,
  ChannelsResponseSchema,
  CreateDocResultSchema,
  CreateTaskResultSchema,
  DocSchema,
  DocsResponseSchema,
  EnvResponseSchema,
  IdentitySchema,
  LinksResponseSchema,
  MembersResponseSchema,
  MentionsResponseSchema,
  MessageLinkResultSchema,
  MessagesPageSchema,
  PostMessageResultSchema,
  RunEventsPageSchema,
  SearchResponseSchema,
  TaskResultSchema,
  TasksResponseSchema,
  ThreadSchema,
  WakeCoordinatesSchema,
  type Static,
} from '../contract';

/** Keyed by `$id` (a test holds each key equal to its schema's `$id`). */
export const ANSWER_SCHEMAS = {
  Identity: IdentitySchema,
  ChannelsResponse: ChannelsResponseSchema,
  MessagesPage: MessagesPageSchema,
  Thread: ThreadSchema,
  MentionsResponse: MentionsResponseSchema,
  PostMessageResult: PostMessageResultSchema,
  SearchResponse: SearchResponseSchema,
  MembersResponse: MembersResponseSchema,
  LinksResponse: LinksResponseSchema,
  MessageLinkResult: MessageLinkResultSchema,
  Doc: DocSchema,
  DocsResponse: DocsResponseSchema,
  CreateDocResult: CreateDocResultSchema,
  TasksResponse: TasksResponseSchema,
  TaskResult: TaskResultSchema,
  CreateTaskResult: CreateTaskResultSchema,
  RunEventsPage: RunEventsPageSchema,
  WakeCoordinates: WakeCoordinatesSchema,
  CapabilitiesResponse: CapabilitiesResponseSchema,
  AutomationsResponse: AutomationsResponseSchema,
  EnvResponse: EnvResponseSchema,
} as const;

export type AnswerName = keyof typeof ANSWER_SCHEMAS;
/** The value a checked answer is: its contract type (display fields filled when the service left them out). */
export type Answer<N extends AnswerName> = Static<(typeof ANSWER_SCHEMAS)[N]>;
export const ANSWER_NAMES = Object.keys(ANSWER_SCHEMAS) as AnswerName[];
