// Every wire schema with an `$id`, keyed by it: what a validator registers before compiling one
// that uses ref(), and what the OpenAPI document lists as its components. Collected from the
// resource files' exports, so a new schema is registered by being written, not by a list.
import * as actions from './actions';
import * as artifacts from './artifacts';
import * as automations from './automations';
import * as channelLinks from './channel-links';
import * as channelSettings from './channel-settings';
import * as channels from './channels';
import * as discovery from './discovery';
import * as docs from './docs';
import * as errors from './errors';
import * as me from './me';
import * as members from './members';
import * as mentions from './mentions';
import * as messageLinks from './message-links';
import * as messages from './messages';
import * as runEvents from './run-events';
import * as runs from './runs';
import { derefSchema, type TSchema } from './schema-kit';
import * as search from './search';
import * as tasks from './tasks';
import * as wake from './wake';
import * as wire from './wire';

const MODULES: readonly Record<string, unknown>[] = [
  wire, errors, me, channels, runs, messages, mentions, search, messageLinks, members, channelLinks,
  docs, tasks, runEvents, wake, discovery, automations, channelSettings, artifacts, actions,
];

function collect(): Readonly<Record<string, TSchema>> {
  const out: Record<string, TSchema> = {};
  for (const module of MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Schema') || typeof value !== 'object' || value === null) continue;
      const schemaId = (value as TSchema).$id;
      if (typeof schemaId !== 'string') continue;
      if (out[schemaId] && out[schemaId] !== value) throw new Error(`two contract schemas have the $id "${schemaId}"`);
      out[schemaId] = value as TSchema;
    }
  }
  return out;
}

export const CONTRACT_SCHEMAS: Readonly<Record<string, TSchema>> = collect();

/** A contract schema with every `$ref` inlined: one self-contained plain JSON Schema object. */
export function selfContained(schema: TSchema | string): Record<string, unknown> {
  const root = typeof schema === 'string' ? CONTRACT_SCHEMAS[schema] : schema;
  if (!root) throw new Error(`no contract schema with $id "${String(schema)}"`);
  return derefSchema(root, CONTRACT_SCHEMAS);
}
