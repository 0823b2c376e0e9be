import type { AdminOrganization, AdminOrganizationPage } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CreateUserForm } from './CreateUserForm';
import { OrganizationPicker } from './OrganizationPicker';
import { ORGANIZATION_CHOICES, organizationChoicesQuery } from './queries';

const organization = (id: number): AdminOrganization => ({
  id,
  name: `client-${id}`,
  displayName: `Client ${id}`,
  domain: `client${id}.example`,
  auth0OrgId: null,
  samlEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  userCount: 3,
});

/** What a picker asks for first on a platform of 5,000 organizations: the newest 50. */
const newestChoices: AdminOrganizationPage = {
  organizations: Array.from({ length: ORGANIZATION_CHOICES }, (_, index) =>
    organization(5000 - index),
  ),
  totalCount: 5000,
  nextCursor: 'bmV4dA',
};

function rendered(element: ReactElement): string {
  const client = new QueryClient();
  client.setQueryData(organizationChoicesQuery('').queryKey, newestChoices);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, element));
}

describe('organization pickers among thousands', () => {
  it('offers the create-user form the newest 50 and a search for the others', () => {
    const html = rendered(createElement(CreateUserForm));
    expect(html).toContain('aria-label="Search organizations"');
    expect(html).toContain('placeholder="Search by name or domain"');
    expect(html).toContain('<option value="" selected="">Select organization</option>');
    expect(html).toContain('>Client 5000</option>');
    expect(html).toContain('>Client 4951</option>');
    expect(html).not.toContain('>Client 4950</option>');
    expect(html).toContain('The first 50 of 5000: type to search');
  });

  it('names the select by its own label, shows the one chosen, and leaves out an empty choice when one is always made', () => {
    const html = rendered(
      createElement(OrganizationPicker, {
        id: 'onboarding-organization',
        value: '4990',
        onChange: () => undefined,
      }),
    );
    // The select carries the id its <label for> names; the search box its own aria-label.
    expect(html).toMatch(/<select id="onboarding-organization"/);
    expect(html).not.toMatch(/<select[^>]*aria-label/);
    expect(html).toContain('<option value="4990" selected="">Client 4990</option>');
    expect(html).not.toContain('<option value="">');
  });
});
