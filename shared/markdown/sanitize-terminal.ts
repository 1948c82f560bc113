/**
 * The ONE place where server text enters the terminal.
 *
 * Removes every escape sequence (CSI, OSC incl. OSC 8 hyperlinks and OSC 52 clipboard writes, DCS,
 * SOS, PM, APC, and the short ESC forms) in both their 7-bit (ESC-introduced) and 8-bit (C1)
 * spellings, then every C0 control except newline and tab, DEL, every C1 control and every carriage
 * return (a bare CR rewrites the line the person is reading; CRLF becomes LF). Because no ESC survives,
 * the pieces left after a removal can never join into a new sequence. Last, BiDi controls and
 * invisible characters are shown as `<U+202E>` (reveal-invisibles.ts).
 *
 * The result is branded SafeText: the CLI's output and the TUI's rows take only SafeText, so server
 * text cannot reach the terminal without passing here (see safe-text.ts).
 */
import { hasHiddenCharacters, revealInvisibles } from './reveal-invisibles';
import type { SafeText } from './safe-text-brand';

const ESC = 0x1b;
const BEL = 0x07;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
/** 8-bit introducers of string sequences: DCS, SOS, OSC, PM, APC. */
const C1_STRING_INTRODUCERS = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);
/** Final characters after ESC that open a string sequence: P (DCS), X (SOS), ] (OSC), ^ (PM), _ (APC). */
const ESC_STRING_FINALS = new Set([0x50, 0x58, 0x5d, 0x5e, 0x5f]);

function isKeptChar(code: number): boolean {
  if (code === 0x0a || code === 0x09) return true;
  if (code < 0x20) return false;
  if (code >= 0x7f && code <= 0x9f) return false;
  return true;
}

/** Index just past a CSI body starting at `i` (parameters, intermediates, one final byte). */
function skipCsiBody(s: string, i: number): number {
  let j = i;
  // Past the end charCodeAt is NaN, which is neither a body nor a final character.
  while (s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x3f) j++;
  const final = s.charCodeAt(j);
  // A final byte (0x40–0x7E) ends it. What is left below 0x40 is a C0 control, dropped with the
  // sequence (it would be dropped on its own anyway); anything above aborts the sequence and is
  // scanned again on its own.
  return final <= 0x7e ? j + 1 : j;
}

/** Index just past a string sequence body starting at `i`: up to BEL, ST (ESC \) or C1 ST; to the end when unterminated. */
function skipStringBody(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c === BEL || c === C1_ST) return j + 1;
    // Any ESC ends the string and is scanned as a sequence of its own; the terminator ESC \ (ST)
    // is then removed as a two-character escape.
    if (c === ESC) return j;
    j++;
  }
  return j;
}

/** Index just past an ESC sequence whose ESC is at `i`. */
function skipEscSequence(s: string, i: number): number {
  // A lone ESC at the end (next is NaN) matches nothing below and drops just the ESC.
  const next = s.charCodeAt(i + 1);
  if (next === 0x5b) return skipCsiBody(s, i + 2);
  if (ESC_STRING_FINALS.has(next)) return skipStringBody(s, i + 2);
  // nF / Fp / Fe / Fs forms: intermediates 0x20–0x2F then one final 0x30–0x7E.
  let j = i + 1;
  while (s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
  const final = s.charCodeAt(j);
  if (final >= 0x30 && final <= 0x7e) return j + 1;
  // A lone or malformed ESC: drop the ESC (and its intermediates) only.
  return j;
}

export function sanitizeTerminalText(input: string): SafeText {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input.charCodeAt(i);
    if (c === ESC) {
      i = skipEscSequence(input, i);
      continue;
    }
    if (c === C1_CSI) {
      i = skipCsiBody(input, i + 1);
      continue;
    }
    if (C1_STRING_INTRODUCERS.has(c)) {
      i = skipStringBody(input, i + 1);
      continue;
    }
    if (isKeptChar(c)) out += input[i];
    i++;
  }
  return revealInvisibles(out) as SafeText;
}

/** True when `s` holds nothing a terminal would interpret nor any hidden character (what sanitizeTerminalText guarantees). */
export function isTerminalSafe(s: string): boolean {
  for (const ch of s) {
    if (!isKeptChar(ch.charCodeAt(0))) return false;
  }
  return !hasHiddenCharacters(s);
}

/** For one-line places (titles, names, list rows): sanitised, with newlines and tabs turned into spaces. */
export function sanitizeTerminalLine(input: string): SafeText {
  return sanitizeTerminalText(input).replace(/[\n\t]+/g, ' ') as SafeText;
}
