// An embedded copy of the service contract (the team handout's spec/workspace-api-v1.md, kept as
// spec.md beside this file), served as the first part of /docs/api.md. Replace spec.md from the
// handout when the spec changes.
import spec from './spec.md';

export const SPEC_MARKDOWN: string = spec;
