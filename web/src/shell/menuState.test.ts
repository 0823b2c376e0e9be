import { describe, expect, it } from 'vitest';
import { parseExpandedItems, parseMenuOpen, toggleExpanded } from './menuState';
import { initialsOf, profilePictureUrl } from './userDisplay';

describe('menu state', () => {
  it('is open unless closed explicitly', () => {
    expect(parseMenuOpen(null)).toBe(true);
    expect(parseMenuOpen('true')).toBe(true);
    expect(parseMenuOpen('false')).toBe(false);
  });

  it('reads expanded groups from a JSON array and ignores junk', () => {
    expect(parseExpandedItems('["/library","/operations"]')).toEqual(['/library', '/operations']);
    expect(parseExpandedItems('[1,"/library"]')).toEqual(['/library']);
    expect(parseExpandedItems('{not json')).toEqual([]);
    expect(parseExpandedItems('"x"')).toEqual([]);
    expect(parseExpandedItems(null)).toEqual([]);
  });

  it('toggles a group in and out', () => {
    expect(toggleExpanded(['/a'], '/b')).toEqual(['/a', '/b']);
    expect(toggleExpanded(['/a', '/b'], '/a')).toEqual(['/b']);
  });
});

describe('user display', () => {
  it('makes initials from first and last name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster hopper ')).toBe('GH');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('')).toBe('?');
  });

  it('uses the URL path the server answers and nothing else', () => {
    expect(profilePictureUrl(null)).toBeUndefined();
    expect(profilePictureUrl('/api/users/4/profile-picture?v=2')).toBe(
      '/api/users/4/profile-picture?v=2',
    );
    expect(profilePictureUrl('https://cdn.example/p.png')).toBe('https://cdn.example/p.png');
    expect(profilePictureUrl('p 1.png')).toBeUndefined();
  });
});
