/**
 * Files that hold secrets: read only when no other user can read them, written atomically with
 * mode 0600 inside a folder of mode 0700.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError } from './config-error';

const POSIX = process.platform !== 'win32';

function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** The file's text, or undefined when it does not exist. Refuses a file that others can read or that another user owns. */
export async function readPrivateFile(path: string): Promise<string | undefined> {
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return undefined;
    throw new ConfigError(`Cannot read ${path} (${errnoCode(e) ?? 'unknown error'}).`, 'Check that the file and its folder are yours and readable.');
  }
  if (!info.isFile()) {
    throw new ConfigError(`${path} is not a regular file.`, `Move it away, then save the profile again.`);
  }
  if (POSIX) {
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) {
      throw new ConfigError(
        `${path} belongs to another user (uid ${info.uid}), so the token in it cannot be trusted.`,
        `Remove it and save your profile again: rm ${path} && wsc login`,
      );
    }
    if ((info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
      throw new ConfigError(
        `${path} can be read by other users (mode ${mode}); refusing to use a token from it.`,
        `Make it private: chmod 600 ${path}`,
      );
    }
  }
  return readFile(path, 'utf8');
}

/** Creates the folder (and parents) with mode 0700 and tightens the folder itself if it existed. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (POSIX) await chmod(dir, 0o700);
}

/** Writes `text` to `path` atomically (temp file in the same folder, fsync, rename) with mode 0600. */
export async function writePrivateFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await ensurePrivateDir(dir);
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (POSIX) await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  if (POSIX) {
    // Make the rename durable; best effort (some filesystems refuse fsync on a folder).
    const folder = await open(dir, 'r').catch(() => undefined);
    await folder?.sync().catch(() => undefined);
    await folder?.close();
  }
}
