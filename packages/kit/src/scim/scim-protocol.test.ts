import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  equalityValue,
  memberChanges,
  patchOperations,
  ScimRefusal,
  scimFilter,
  scimPaging,
  UNREADABLE_FILTER,
} from './scim-protocol.js';

const user = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: 'ann@acme.test',
  name: { givenName: 'Ann', familyName: 'Lee' },
  emails: [{ value: 'ann@acme.test', type: 'work', primary: true }],
  active: true,
};

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimRefusal) return error.answer;
    throw error;
  }
  throw new Error('not refused');
};

describe('scimFilter', () => {
  it('matches attribute names case-insensitively and finds the userName of an eq filter', () => {
    const { ast, matches } = scimFilter('UserName eq "ann@acme.test"');
    expect(matches(user)).toBe(true);
    expect(equalityValue(ast, 'userName')).toBe('ann@acme.test');
    expect(equalityValue(scimFilter('userName co "ann"').ast, 'userName')).toBeNull();
  });

  it('compares values with case folded, as the declared caseExact: false asks', () => {
    const group = { displayName: 'Forklift', members: [{ value: '7', display: 'Ann Lee' }] };
    expect(scimFilter('displayName eq "forklift"').matches(group)).toBe(true);
    expect(scimFilter('displayName ne "FORKLIFT"').matches(group)).toBe(false);
    expect(scimFilter('emails[type eq "WORK"].value eq "Ann@Acme.test"').matches(user)).toBe(true);
    expect(
      scimFilter('name.givenName sw "an" and not (name.familyName co "X")').matches(user),
    ).toBe(true);
    expect(scimFilter('members[display co "ANN"]').matches(group)).toBe(true);
    expect(scimFilter('displayName eq "Forklift driver"').matches(group)).toBe(false);
    expect(scimFilter('active eq true').matches(user)).toBe(true);
    expect(scimFilter('externalId pr').matches(user)).toBe(false);
  });

  it('answers an unreadable filter as invalidFilter', () => {
    expect(refusal(() => scimFilter('userName eq')).body).toMatchObject({
      status: '400',
      scimType: 'invalidFilter',
    });
  });

  it("words an unreadable filter itself, never in the parser library's words", () => {
    for (const text of ['userName eq', 'userName eq "ann', '(', 'userName zz "x"']) {
      const { detail } = refusal(() => scimFilter(text)).body as { detail: string };
      expect(detail, text).toBe(UNREADABLE_FILTER);
    }
  });
});

describe('scimPaging', () => {
  it('reads startIndex and count (1-based), bounded', () => {
    expect(scimPaging({ startIndex: '3', count: '10' })).toEqual({ offset: 2, limit: 10 });
    expect(scimPaging({ startIndex: '0', count: '5000' })).toEqual({ offset: 0, limit: 200 });
    expect(scimPaging({ startIndex: 'x' })).toEqual({ offset: 0, limit: 100 });
  });
});

describe('patchOperations and applyPatch', () => {
  it("apply Okta's replace with a value object", () => {
    const patched = applyPatch(
      user,
      patchOperations({ Operations: [{ op: 'replace', value: { active: false } }] }),
    );
    expect(patched.active).toBe(false);
  });

  it("apply Entra ID's capitalised ops, string booleans and filtered paths", () => {
    const operations = patchOperations({
      Operations: [
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ann.lee@acme.test' },
        { op: 'Replace', path: 'name.givenName', value: 'Annie' },
      ],
    });
    const patched = applyPatch(user, operations);
    expect(patched).toMatchObject({
      active: false,
      emails: [{ value: 'ann.lee@acme.test' }],
      name: { givenName: 'Annie', familyName: 'Lee' },
    });
    expect(user.active).toBe(true);
  });

  it('spell attribute names as the schema does, whatever case the provider writes them in', () => {
    const byPath = applyPatch(
      user,
      patchOperations({
        Operations: [
          { op: 'replace', path: 'Active', value: 'False' },
          { op: 'replace', path: 'Name.GivenName', value: 'Annie' },
          { op: 'replace', path: 'EMAILS[Type eq "work"].Value', value: 'ann.lee@acme.test' },
        ],
      }),
    );
    expect(byPath).toEqual({
      ...user,
      active: false,
      name: { givenName: 'Annie', familyName: 'Lee' },
      emails: [{ value: 'ann.lee@acme.test', type: 'work', primary: true }],
    });
    const byValue = applyPatch(
      user,
      patchOperations({
        Operations: [{ op: 'replace', value: { Active: 'False', UserName: 'ANN@acme.test' } }],
      }),
    );
    expect(byValue).toEqual({ ...user, active: false, userName: 'ANN@acme.test' });
    const group = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], members: [] };
    const added = applyPatch(
      group,
      patchOperations({ Operations: [{ op: 'add', path: 'Members', value: [{ Value: '7' }] }] }),
    );
    expect(added).toEqual({ ...group, members: [{ value: '7' }] });
  });

  it("remove group members by Entra ID's value list", () => {
    const group = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      members: [
        { value: '1', display: 'Ann' },
        { value: '2', display: 'Bo' },
      ],
    };
    const operations = patchOperations({
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: '1' }] }],
    });
    expect(applyPatch(group, operations).members).toEqual([{ value: '2', display: 'Bo' }]);
  });

  it('refuse a request without operations or with an unknown one', () => {
    expect(refusal(() => patchOperations({})).body).toMatchObject({ scimType: 'invalidSyntax' });
    expect(refusal(() => patchOperations({ Operations: [{ op: 'move' }] })).status).toBe(400);
  });
});

describe('memberChanges', () => {
  const changes = (...Operations: object[]) => memberChanges(patchOperations({ Operations }));

  it("read Okta's and Entra ID's member pushes as ids added and removed, the rest apart", () => {
    expect(
      changes(
        { op: 'remove', path: 'members[value eq "89"]' },
        { op: 'add', path: 'members', value: [{ value: '23', display: 'test.user@okta.local' }] },
        { op: 'Add', path: 'Members', value: [{ Value: 24 }] },
        { op: 'Remove', path: 'members', value: [{ value: '7' }] },
        { op: 'Replace', path: 'displayName', value: 'Line leads' },
      ),
    ).toEqual({
      added: ['23', '24'],
      removed: ['89', '7'],
      others: [{ op: 'replace', path: 'displayName', value: 'Line leads' }],
    });
  });

  it('keep the last word on a member the operations both add and remove', () => {
    expect(
      changes(
        { op: 'add', path: 'members', value: [{ value: '5' }, { value: '6' }] },
        { op: 'remove', path: 'members[value eq "5"]' },
        { op: 'remove', path: 'members[value eq "6"]' },
        { op: 'add', path: 'members', value: [{ value: '6' }] },
      ),
    ).toMatchObject({ added: ['6'], removed: ['5'] });
  });

  it('leave to the whole group any other change to members', () => {
    expect(changes({ op: 'replace', path: 'members', value: [{ value: '1' }] })).toBeNull();
    expect(changes({ op: 'remove', path: 'members' })).toBeNull();
    expect(changes({ op: 'replace', value: { members: [] } })).toBeNull();
    expect(changes({ op: 'add', path: 'members', value: { value: '1' } })).toBeNull();
    expect(changes({ op: 'remove', path: 'members[display eq "Ann"]' })).toBeNull();
  });
});
