// Room-scoped reads of published native apps.
import { COMMANDS } from '../../../shared/contract';
import { notFound } from '../../errors';
import { artifactOut, findArtifact, type ArtifactRow } from '../../domains/artifacts-store';
import { readableChannel, str, type CommandHandler } from '../command';

const listNativeArtifacts: CommandHandler = (c) => {
  const ch = readableChannel(c, str(c.input, 'channelId'));
  const rows = c.svc.db.prepare('SELECT * FROM artifacts WHERE channel_id = ? ORDER BY created_at').all(ch.id) as ArtifactRow[];
  return { artifacts: rows.map(artifactOut) };
};

const getNativeArtifact: CommandHandler = (c) => {
  const row = findArtifact(c.svc, str(c.input, 'artifactId'));
  const hint = 'Check the id; list_native_artifacts lists the apps of a room you can read.';
  if (!row) throw notFound('Artifact', hint);
  try {
    readableChannel(c, row.channel_id);
  } catch {
    throw notFound('Artifact', hint);
  }
  return { artifact: artifactOut(row) };
};

export const artifactCommands: Record<string, CommandHandler> = {
  [COMMANDS.listNativeArtifacts]: listNativeArtifacts,
  [COMMANDS.getNativeArtifact]: getNativeArtifact,
};
