import { describe, expect, it } from 'vitest';
import { type ScimUserSource, toScimUser } from './scim-user-resource.js';

const member: ScimUserSource = {
  id: 7,
  email: 'ada@acme.test',
  name: 'Ada Lovelace',
  givenName: 'Ada',
  familyName: 'Lovelace',
  scimExternalId: null,
  suspendedAt: null,
  createdAt: new Date('2026-01-01T08:00:00.000Z'),
  scimModifiedAt: new Date('2026-03-01T09:30:00.123Z'),
};

describe('toScimUser', () => {
  it("shows as lastModified when what SCIM shows last changed, not the creation's instant", () => {
    expect(toScimUser(member, 'https://hub.test/scim/v2').meta).toEqual({
      resourceType: 'User',
      created: '2026-01-01T08:00:00.000Z',
      lastModified: '2026-03-01T09:30:00.123Z',
      location: 'https://hub.test/scim/v2/Users/7',
    });
  });

  it("shows it for a suspended member too, not the suspension's instant", () => {
    const suspended = { ...member, suspendedAt: new Date('2026-02-01T00:00:00.000Z') };
    expect(toScimUser(suspended, 'https://hub.test/scim/v2').meta.lastModified).toBe(
      '2026-03-01T09:30:00.123Z',
    );
  });
});
