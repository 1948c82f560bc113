/**
 * Files that hold secrets: read only when no other user can read them, written atomically with
 * mode 0600 inside a folder of mode 0700.
 *
 * Symlinks: the file itself must not be one (it is opened with O_NOFOLLOW, so the check and the
 * read are the same file); its folder may be reached through symlinks (dotfile managers link
 * ~/.config), and the real folder it resolves to must be ours and closed to others.
 */
import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError } from './config-error';

const POSIX = process.platform !== 'win32';

function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

const modeText = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

/** Refuses a folder (its real path) that another user owns or that others can read, write or enter. */
async function checkPrivateDir(dir: string): Promise<void> {
  if (!POSIX) return;
  let real: string;
  let info;
  try {
    real = await realpath(dir);
    info = await stat(real);
  } catch (e) {
    throw new ConfigError(`Cannot check the folder ${dir} (${errnoCode(e) ?? 'unknown error'}).`, 'Check that the folder is yours and readable.');
  }
  const shown = real === dir ? dir : `${dir} (really ${real})`;
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new ConfigError(
      `The folder ${shown} belongs to another user (uid ${info.uid}), who could change the token in it.`,
      `Keep your profiles in a folder of your own: remove it, then wsc login (or set XDG_CONFIG_HOME).`,
    );
  }
  if ((info.mode & 0o077) !== 0) {
    throw new ConfigError(
      `The folder ${shown} is open to other users (mode ${modeText(info.mode)}); refusing to use a token from it.`,
      `Make it private: chmod 700 ${real}`,
    );
  }
}

/** The file's text, or undefined when it does not exist. Refuses a file that others can read or that another user owns, a symlink, and a folder open to others. */
export async function readPrivateFile(path: string): Promise<string | undefined> {
  let handle;
  try {
    // O_NOFOLLOW: a symlink fails (ELOOP) instead of being followed; O_NONBLOCK: a FIFO cannot hang us.
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP' || code === 'EMLINK') {
      throw new ConfigError(`${path} is a symbolic link; refusing to read a token through it.`, `Replace the link with the file itself (mv the real file to ${path}), or save the profile again with wsc login.`);
    }
    throw new ConfigError(`Cannot read ${path} (${code ?? 'unknown error'}).`, 'Check that the file and its folder are yours and readable.');
  }
  try {
    await checkPrivateDir(dirname(path));
    return await readOpenPrivateFile(path, handle);
  } finally {
    await handle.close();
  }
}

async function readOpenPrivateFile(path: string, handle: Awaited<ReturnType<typeof open>>): Promise<string> {
  const info = await handle.stat();
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
      throw new ConfigError(
        `${path} can be read by other users (mode ${modeText(info.mode)}); refusing to use a token from it.`,
        `Make it private: chmod 600 ${path}`,
      );
    }
  }
  return handle.readFile('utf8');
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
