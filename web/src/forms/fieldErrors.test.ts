import { CreateOrganizationRequest, CreateUserRequest } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { fieldErrors, hasErrors } from './fieldErrors';

describe('fieldErrors', () => {
  it("gives the spec's organization messages", () => {
    const errors = fieldErrors(CreateOrganizationRequest, {
      name: ' ',
      displayName: '',
      domain: '',
      auth0OrgId: '',
      samlEnabled: true,
    });
    expect(errors).toEqual({
      name: 'Organization name is required',
      displayName: 'Display name is required',
      domain: 'Domain is required',
      auth0OrgId: 'Auth0 Organization ID is required when SAML is enabled',
    });
  });

  it('is empty for a valid value', () => {
    const errors = fieldErrors(CreateOrganizationRequest, {
      name: 'riverside',
      displayName: 'Riverside Bakery',
      domain: 'riverside.test',
      samlEnabled: false,
    });
    expect(hasErrors(errors)).toBe(false);
  });

  it("gives the spec's user messages", () => {
    expect(fieldErrors(CreateUserRequest, { email: 'x', name: '', organizationId: 0 })).toEqual({
      email: 'Valid email is required',
      name: 'Name is required',
      organizationId: 'Organization is required',
    });
  });
});
