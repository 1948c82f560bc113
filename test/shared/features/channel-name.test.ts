// A room's name as its reader sees it, shared by the TUI sidebar, its conversation header and the
// VS Code Channels view: a DM is named by the others in it (#15, the TUI had the same fault).
import { describe, expect, it } from 'vitest';
import { dmPartnersName, roomName } from '../../../shared';

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
