// Reading what a program wrote to its pseudo-terminal: text without escape sequences, and the
// frames Ink writes inside synchronized-output markers (every frame is the whole screen).

/** Removes CSI sequences (cursor moves, colours) and keeps the rest (OSC 8 links stay, for tests that read them). */
export const stripCsi = (s: string): string => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** Removes every CSI (with intermediates) and OSC sequence: the text as a person reads it, for searching. */
export const plainText = (s: string): string => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');

export const BEGIN_FRAME = '\x1b[?2026h';
export const END_FRAME = '\x1b[?2026l';

/** A raw frame as lines of text (CSI removed). */
export const frameLines = (raw: string): string[] => stripCsi(raw).replace(/\r/g, '').split('\n');

/** Every complete frame (between synchronized-output markers) in `output`, raw, oldest first. */
export function rawFrames(output: string): string[] {
  const found: string[] = [];
  for (let start = output.indexOf(BEGIN_FRAME); start >= 0; start = output.indexOf(BEGIN_FRAME, start + 1)) {
    const end = output.indexOf(END_FRAME, start);
    if (end < 0) break;
    found.push(output.slice(start + BEGIN_FRAME.length, end));
  }
  return found;
}

/**
 * The last complete frame in `output` as lines; the whole of `output` when it holds no frame marker
 * (a program that draws no frames), none when it holds only parts of frames (`output` read from a
 * mark taken while a frame was being written, and the next one not yet ended): those parts are of
 * two different frames.
 */
export function lastFrameLines(output: string): string[] {
  const end = output.lastIndexOf(END_FRAME);
  const start = output.lastIndexOf(BEGIN_FRAME, end);
  if (start >= 0 && end > start) return frameLines(output.slice(start, end));
  return end < 0 && !output.includes(BEGIN_FRAME) ? frameLines(output) : [];
}

/** Whether a frame is being written (begun, not yet ended). */
export const frameHalfWritten = (output: string): boolean => output.lastIndexOf(BEGIN_FRAME) > output.lastIndexOf(END_FRAME);
