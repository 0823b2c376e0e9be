import { describe, expect, it } from 'vitest';
import { adminContactLink, footerLinks } from './links';

describe('sign-in footer links', () => {
  it("opens the product's own pages when nothing is configured (never a dead or missing link)", () => {
    expect(footerLinks({ privacy: '', terms: '#terms-of-service', support: '' })).toEqual([
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Support', href: '/support' },
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
      { label: 'Privacy Policy', href: 'https://example.com/privacy' },
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Support', href: 'mailto:help@example.com?subject=Support%20request' },
    ]);
    expect(adminContactLink('it@example.com')).toBe(
      'mailto:it@example.com?subject=Account%20access',
    );
  });
});
