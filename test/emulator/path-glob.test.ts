// Fault path patterns: a prefix or a `*` glob, matched in linear time (emulator/path-glob.ts).
import { describe, expect, it } from 'vitest';
import { pathMatches } from '../../emulator/path-glob';

describe('pathMatches', () => {
  it('a pattern without * is a prefix', () => {
    expect(pathMatches('/api/v1/search', '/api/v1/search')).toBe(true);
    expect(pathMatches('/api/v1/search', '/api/v1/searches')).toBe(true);
    expect(pathMatches('/api/v1/search', '/api/v1/me')).toBe(false);
  });

  it('* stands for any characters, slashes too; the ends are anchored', () => {
    expect(pathMatches('*/messages', '/api/v1/channels/c1/messages')).toBe(true);
    expect(pathMatches('*/messages', '/api/v1/channels/c1/messages/m1')).toBe(false);
    expect(pathMatches('*/channels/*/messages', '/api/v1/channels/c1/messages')).toBe(true);
    expect(pathMatches('*/channels/*/messages', '/api/v1/channels')).toBe(false);
    expect(pathMatches('*set_status*', '/api/v1/actions/set_status')).toBe(true);
    expect(pathMatches('/api/*/me', '/api/v1/me')).toBe(true);
    expect(pathMatches('a*a', 'a')).toBe(false);
    expect(pathMatches('*', '')).toBe(true);
  });

  it('a hostile pattern over a long path stays linear', () => {
    const path = `/api/${'a'.repeat(50_000)}!`;
    const pattern = `/api/${'*a'.repeat(200)}*$`;
    const started = process.hrtime.bigint();
    expect(pathMatches(pattern, path)).toBe(false);
    // Not a speed goal: a backtracking matcher would take hours here, this one a few milliseconds.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(5);
  });
});
