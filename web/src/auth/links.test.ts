import { describe, expect, it } from 'vitest';
import { adminContactLink, footerLinks } from './links';

describe('sign-in footer links', () => {
  it("opens the product's own pages when nothing is configured (never a dead or missing link)", () => {
    expect(footerLinks({ privacy: '', terms: '#terms-of-service', support: '' })).toEqual([
      { page: 'privacy', href: '/privacy' },
      { page: 'terms', href: '/terms' },
      { page: 'support', href: '/support' },
    ]);
    expect(adminContactLink('')).toBe('/support#administrator');
  });

  it('shows configured pages and a support mail with its address', () => {
    expect(
      footerLinks({
        privacy: 'https://example.com/privacy',
        terms: '/terms',
        support: 'help@example.com',
      }),
    ).toEqual([
      { page: 'privacy', href: 'https://example.com/privacy' },
      { page: 'terms', href: '/terms' },
      { page: 'support', href: 'mailto:help@example.com?subject=Support%20request' },
    ]);
    expect(adminContactLink('it@example.com')).toBe(
      'mailto:it@example.com?subject=Account%20access',
    );
  });
});
