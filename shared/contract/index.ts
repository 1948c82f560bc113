/**
 * The wire contract of the workspace API v1, as the client and the local service both use it.
 *
 * The spec (../shared/spec/workspace-api-v1.md in the team handout) shows some names; where it
 * says "not shown", ../shared/design.md decides, and where neither speaks, this folder decides.
 * Every such decision lives in this folder, one file per resource, so that adapting to the hosted
 * service's published contract touches nothing else. Fields marked "(ours)" are additive
 * decisions of this project. Each wire shape is a JSON Schema built with TypeBox (`<Name>Schema`,
 * `$id` '<Name>'), and its TypeScript type is derived from it (`Static<typeof <Name>Schema>`).
 * Only schemas, types, names and pure helpers live here: the local service imports this folder too.
 */

export * from './schema-kit';
export * from './schemas';
export * from './wire';
export * from './auth';
export * from './errors';
export * from './limits';
export * from './values';
export * from './me';
export * from './channels';
export * from './runs';
export * from './messages';
export * from './mentions';
export * from './search';
export * from './message-links';
export * from './message-link-lookup';
export * from './members';
export * from './channel-links';
export * from './docs';
export * from './tasks';
export * from './run-events';
export * from './wake';
export * from './discovery';
export * from './automations';
export * from './channel-settings';
export * from './artifacts';
export * from './actions';
export * from './paths';
export * from './document-parts';
export * from './command-inputs';
