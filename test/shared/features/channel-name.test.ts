// A room's name and label as its reader sees them, the one home every face uses (the CLI, the TUI,
// the extension's trees, quick picks and panel titles, the channel panel's webview).
import { describe, expect, it } from 'vitest';
import { dmPartnersName, roomLabel, roomName } from '../../../shared';

describe('roomName', () => {
  it('names a DM by its other members, and a channel by its own name', () => {
    expect(roomName({ kind: 'dm', name: 'Alice Chen, Bob Martínez' }, 'Alice Chen')).toBe('Bob Martínez');
    expect(roomName({ kind: 'dm', name: 'Alice Chen, Bob Martínez, Carol Diaz' }, 'Bob Martínez')).toBe('Alice Chen, Carol Diaz');
    expect(roomName({ kind: 'channel', name: 'general' }, 'Alice Chen')).toBe('general');
  });

  it('keeps the whole name when it cannot tell who is reading, or nobody else is in it', () => {
    expect(dmPartnersName('Alice Chen, Bob Martínez')).toBe('Alice Chen, Bob Martínez');
    expect(dmPartnersName('Alice Chen', 'Alice Chen')).toBe('Alice Chen');
  });
});

describe('roomLabel', () => {
  it('labels a channel with # and its name, whoever reads it', () => {
    expect(roomLabel({ kind: 'channel', name: 'general' })).toBe('#general');
    expect(roomLabel({ kind: 'channel', name: 'general' }, 'general')).toBe('#general');
  });

  it('labels a DM with @ and the others in it', () => {
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob Martínez' }, 'Alice Chen')).toBe('@Bob Martínez');
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob B, Carla C' }, 'Bob B')).toBe('@Alice Chen, Carla C');
  });

  it('lists every member of a DM when the reader is unknown, and the reader alone in a DM with nobody else', () => {
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob Martínez' })).toBe('@Alice Chen, Bob Martínez');
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen' }, 'Alice Chen')).toBe('@Alice Chen');
  });
});

describe('a DM named by its members\' handles', () => {
  it('is named by the other one for a reader known by name and handle', () => {
    const maria = { name: 'Maria Member', handle: 'maria' };
    expect(roomLabel({ kind: 'dm', name: 'maria-mike' }, maria)).toBe('@mike');
    expect(roomLabel({ kind: 'dm', name: 'mike-maria' }, maria)).toBe('@mike');
    expect(roomName({ kind: 'dm', name: 'mariana-mike' }, maria)).toBe('mariana-mike');
    expect(roomName({ kind: 'dm', name: 'maria' }, maria)).toBe('maria');
    expect(roomLabel({ kind: 'dm', name: 'Maria Member, Mike Member' }, maria)).toBe('@Mike Member');
    expect(roomLabel({ kind: 'channel', name: 'maria-mike' }, maria)).toBe('#maria-mike');
  });
});
