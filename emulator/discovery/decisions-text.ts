// The project's decisions where the spec says "not shown" (the handout's design.md, section
// "Names the spec leaves unshown"; decisions.md beside this file), served in /docs/api.md after the spec.
import decisions from './decisions.md';

export const DECISIONS_MARKDOWN: string = decisions;
