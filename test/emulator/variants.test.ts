import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../emulator/serve';
import { omitNulls, parseVariant, VARIANT_CHOICES } from '../../emulator/variants';

describe('--variant', () => {
  it('names single choices, comma lists and latitude (all but other-names and other-commands); refuses unknown names with the list', () => {
    expect([...(parseVariant('gzip, short-pages') as Set<string>)]).toEqual(['gzip', 'short-pages']);
    const latitude = parseVariant('latitude') as Set<string>;
    expect(latitude.size).toBe(Object.keys(VARIANT_CHOICES).length - 2);
    expect(latitude.has('other-names')).toBe(false);
    expect(latitude.has('other-commands')).toBe(false);
    expect((parseVariant('') as Set<string>).size).toBe(0);
    expect(parseVariant('zip')).toMatch(/unknown variant 'zip'; use one of default, latitude, gzip/);
    expect(parseServeArgs(['--variant', 'latitude'])).toMatchObject({ variant: 'latitude' });
    expect(parseServeArgs(['--variant'])).toMatch(/--variant needs a name/);
    expect(parseServeArgs(['--variant=bogus'])).toMatch(/unknown variant 'bogus'/);
  });

  it('omit-nulls drops null fields at every depth and keeps arrays whole', () => {
    expect(omitNulls({ a: null, b: { c: null, d: 1 }, e: [null, { f: null }] })).toEqual({ b: { d: 1 }, e: [null, {}] });
  });
});
