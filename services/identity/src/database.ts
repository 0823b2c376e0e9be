import { openServiceDatabase } from '@hub/kit';
import { OrganizationEntity } from './organizations/organization.entity.js';
import { UserEntity } from './users/user.entity.js';
import { SessionEntity } from './auth/session.entity.js';
import { SignInEventEntity } from './auth/sign-in-event.entity.js';
import { IdentityFoundation1763800000000 } from './migrations/1763800000000-identity-foundation.js';

export const IDENTITY_SCHEMA = 'identity';

export const openIdentityDatabase = (url: string) =>
  openServiceDatabase({
    url,
    schema: IDENTITY_SCHEMA,
    entities: [OrganizationEntity, UserEntity, SessionEntity, SignInEventEntity],
    migrations: [IdentityFoundation1763800000000],
  });
