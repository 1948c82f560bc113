// What an emoji input may be: one standard emoji (with modifiers / ZWJ sequences) or a workspace
// `:name:` token.
import { invalidRequest } from '../../errors';

const GLYPH = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3)*$/u;
const TOKEN = /^:[a-z0-9_+-]{1,62}:$/;

export function isEmoji(value: string): boolean {
  return GLYPH.test(value) || TOKEN.test(value);
}

export function assertEmoji(value: string): string {
  if (!isEmoji(value)) throw invalidRequest(`'${value.slice(0, 20)}' is not an emoji.`, 'Send one standard emoji (e.g. 👍) or a workspace :name: token.');
  return value;
}
