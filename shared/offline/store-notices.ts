/**
 * What a face should tell the person about the account's files on this machine: a file that could
 * not be read (corrupt, or written by something else) is moved aside, never silently emptied, and
 * a line saying where it went waits here until a face takes it (the CLI at the end of a command,
 * the terminal UI and VS Code as a notice).
 */
import { renameSync } from 'node:fs';

const waiting: string[] = [];

/** Moves an unreadable file aside (`<file>.unreadable-<time>`) and notes it; the path moved to, or undefined when it could not be moved. */
export function setAsideUnreadable(path: string, what: string, reason: string, now: number = Date.now()): string | undefined {
  const movedTo = `${path}.unreadable-${now}`;
  try {
    renameSync(path, movedTo);
  } catch {
    return undefined;
  }
  waiting.push(`${what} could not be read (${reason}); it was moved to ${movedTo} and a new one started. Look at it, then delete it.`);
  return movedTo;
}

/** The notices not yet shown, oldest first; each is shown once. */
export function takeStoreNotices(): string[] {
  return waiting.splice(0);
}
