import type { OrganizationChoice, OrganizationChoicePage } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_CHOICES } from '../admin/queries';
import { organizationChoicesQuery } from '../api/queries';
import { OrganizationPicker } from './OrganizationPicker';

const choice = (id: number): OrganizationChoice => ({
  auth0OrgId: `org_${id}`,
  name: `client-${id}`,
  displayName: `Client ${id}`,
});

/** The sign-in chooser, its first answer (nothing typed) as the server gave it. */
function rendered(first: OrganizationChoicePage): string {
  const client = new QueryClient();
  client.setQueryData(organizationChoicesQuery('').queryKey, first);
  const picker = createElement(OrganizationPicker, { value: '', onChange: () => undefined });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, picker));
}

describe('the sign-in organization chooser', () => {
  it('asks for the first ORGANIZATION_CHOICES matching what is typed, never every organization', () => {
    const asked = organizationChoicesQuery('globex');
    expect(asked.queryKey).toEqual(['/api/auth/organizations', 'choices', 'globex']);
    expect(organizationChoicesQuery('').queryKey).not.toEqual(asked.queryKey);
    expect(ORGANIZATION_CHOICES).toBe(50);
  });

  it("offers the super administrator's thousands a search, saying how many more there are", () => {
    const html = rendered({
      organizations: Array.from({ length: ORGANIZATION_CHOICES }, (_, index) =>
        choice(5000 - index),
      ),
      totalCount: 5000,
      nextCursor: 'bmV4dA',
    });
    expect(html).toContain('aria-label="Search organizations"');
    expect(html).toContain('placeholder="Search by name or domain"');
    expect(html).toContain('The first 50 of 5000: type to search');
    expect(html).toContain('data-testid="organization-select"');
  });

  it('shows an ordinary user their own organization alone, with no search', () => {
    const html = rendered({ organizations: [choice(7)], totalCount: 1, nextCursor: null });
    expect(html).toContain('data-testid="organization-select"');
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain('The first');
  });

  it('shows nothing to a caller who may choose none (signed out)', () => {
    expect(rendered({ organizations: [], totalCount: 0, nextCursor: null })).toBe('');
  });
});
