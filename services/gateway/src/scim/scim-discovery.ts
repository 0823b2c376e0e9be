import { SCIM_SCHEMAS } from '@hub/proto';

/** RFC 7643 section 7: one attribute of a schema, with the defaults this provider keeps. */
const attribute = (
  name: string,
  extra: Partial<Record<'type' | 'mutability' | 'uniqueness', string>> & {
    required?: boolean;
    multiValued?: boolean;
    subAttributes?: object[];
  } = {},
) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER_ATTRIBUTES = [
  attribute('userName', { required: true, uniqueness: 'server' }),
  attribute('externalId'),
  attribute('name', {
    type: 'complex',
    subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted')],
  }),
  attribute('displayName'),
  attribute('emails', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attribute('value'),
      attribute('type'),
      attribute('primary', { type: 'boolean' }),
    ],
  }),
  attribute('active', { type: 'boolean' }),
];

const GROUP_ATTRIBUTES = [
  attribute('displayName', { required: true, uniqueness: 'server' }),
  attribute('members', {
    type: 'complex',
    multiValued: true,
    subAttributes: [attribute('value', { mutability: 'immutable' }), attribute('display')],
  }),
];

export function scimSchemas(baseUrl: string) {
  const schema = (id: string, name: string, description: string, attributes: object[]) => ({
    schemas: [SCIM_SCHEMAS.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(SCIM_SCHEMAS.user, 'User', 'A member of the organization', USER_ATTRIBUTES),
    schema(SCIM_SCHEMAS.group, 'Group', 'A job function of the organization', GROUP_ATTRIBUTES),
  ];
}

export function scimResourceTypes(baseUrl: string) {
  const type = (id: string, endpoint: string, schema: string, description: string) => ({
    schemas: [SCIM_SCHEMAS.resourceType],
    id,
    name: id,
    endpoint,
    description,
    schema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${id}` },
  });
  return [
    type('User', '/Users', SCIM_SCHEMAS.user, 'Members of the organization'),
    type('Group', '/Groups', SCIM_SCHEMAS.group, 'Job functions of the organization'),
  ];
}

export function scimServiceProviderConfig(baseUrl: string, maxResults: number) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A token an administrator creates in the organization's settings",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}
