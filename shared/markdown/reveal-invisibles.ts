/**
 * BiDi controls and invisible characters shown as a visible `<U+202E>` instead of acting unseen:
 * an override can make `txt.exe` read as `exe.txt`, and a zero-width or tag character can make two
 * different names look the same. Kept as they are: the joiner inside emoji sequences (👨‍👩‍👧) and
 * the tag characters of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), which are what they look like.
 */

/** Every character revealed: BiDi controls, zero-widths, fillers and other invisibles. */
const INVISIBLE_CLASS =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F' +
  '\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}';

const FLAG_TAG_SEQUENCE = '\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,7}\\u{E007F}';
const EMOJI_JOIN = '\\p{Extended_Pictographic}[\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]?\\u200D(?=\\p{Extended_Pictographic})';

// The classes list lone combining marks and variation selectors on purpose: those are what is revealed.
// eslint-disable-next-line no-misleading-character-class
const PATTERN = new RegExp(`(${FLAG_TAG_SEQUENCE})|(${EMOJI_JOIN})|([${INVISIBLE_CLASS}])`, 'gu');
// eslint-disable-next-line no-misleading-character-class
const ANY_INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'u');

/** `<U+XXXX>` with at least four hex digits. */
export function codePointLabel(ch: string): string {
  return `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

export function revealInvisibles(s: string): string {
  if (!ANY_INVISIBLE.test(s)) return s;
  return s.replace(PATTERN, (whole, flag: string | undefined, join: string | undefined) => (flag || join ? whole : codePointLabel(whole)));
}

/** True when `s` holds an invisible character outside the kept emoji sequences. */
export function hasHiddenCharacters(s: string): boolean {
  return revealInvisibles(s) !== s;
}
