// Reusable JSON Schema fragments for the generic action input schemas.
import { LIMITS, type JsonSchema } from '../../shared/contract';

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const id: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };
export const requestId: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.requestIdMax,
  description: 'Idempotency key; a repeat with the same key returns the original receipt.',
};
export const requestUuid: JsonSchema = { type: 'string', format: 'uuid', description: 'Idempotency key (UUID).' };
export const name80: JsonSchema = { type: 'string', minLength: 1, maxLength: LIMITS.nameMax };
export const description500: JsonSchema = { type: 'string', maxLength: LIMITS.channelDescriptionMax };
export const emoji: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'A standard emoji glyph or a workspace :emoji: token.',
};

/** `emoji:<one emoji>` or `icon:<name>`, optionally `:#rrggbb`; null for the default. */
export const ROOM_ICON_PATTERN =
  '^(?:emoji:(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator})(?:\\p{Emoji_Modifier}|\\uFE0F|\\u200D(?:\\p{Extended_Pictographic})|\\p{Regional_Indicator})*|icon:[A-Za-z][A-Za-z0-9_-]{0,63})(?::#[0-9a-fA-F]{6})?$';
export const roomIcon: JsonSchema = {
  type: ['string', 'null'],
  pattern: ROOM_ICON_PATTERN,
  description: '`emoji:<glyph>` or `icon:<name>`, optionally ending in `:#rrggbb`; null for the default.',
};

export function confirm(phrase: string): JsonSchema {
  return { type: 'string', const: phrase, description: `Type exactly '${phrase}'.` };
}

/** An object schema that refuses unknown keys. */
export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}
