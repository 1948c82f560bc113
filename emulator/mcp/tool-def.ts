// The shape of one workspace MCP tool. A tool is a REST route run in-process: it names the route
// and which of the route's declared parameters and body fields it offers; its input schema is
// generated from the route's declaration (contract schemas), so a field changed in the contract
// changes the tool. Path parameters get agent-friendly names (channel_id for :id).
import type { Method } from '../types';
import type { RouteCaller } from './call-route';

export interface ToolRoute {
  method: Method;
  /** The route's pattern as registered (`PATHS.channelMessages(':id')`). */
  path: string;
  /** Tool argument -> path parameter, e.g. `{ channel_id: 'id' }`. */
  params?: Record<string, string>;
  /** The query or body fields offered (all the route declares when absent; requestId never). */
  fields?: readonly string[];
  /** Fixed query values (a generic action's command input). */
  fixedQuery?: Record<string, string>;
  /** Tool argument -> query or body name for inputs whose REST name differs (get_task's task -> taskId). */
  rename?: Record<string, string>;
}

export interface ResolvedCall {
  params?: Record<string, string>;
  fields?: Record<string, unknown>;
}

export interface WorkspaceTool {
  name: string;
  title: string;
  description: string;
  /** Reads only (annotations.readOnlyHint); writes say whether a repeat is harmless. */
  readOnly: boolean;
  idempotent: boolean;
  /** The REST route the tool runs; absent only for whoami, which answers from the token. */
  route?: ToolRoute;
  /** Extra inputs a route does not declare (JSON Schema properties from contract builders). */
  extraInput?: Record<string, object>;
  /** Required extra inputs. */
  extraRequired?: readonly string[];
  /** A check before the route runs (e.g. a rule that applies to agents only). */
  before?(args: Record<string, unknown>, caller: RouteCaller): void;
  /**
   * Path parameters and body fields worked out from the arguments before the route runs
   * (reply_in_thread: the thread's channel and root, read through the thread route).
   */
  resolve?(args: Record<string, unknown>, caller: RouteCaller): Promise<ResolvedCall>;
  /** Arguments that only feed resolve and are not sent to the route. */
  resolvedOnly?: readonly string[];
  /** Answers without a route (whoami). */
  answer?(caller: RouteCaller): unknown;
}
