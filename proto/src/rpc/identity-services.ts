import { GlobalPrompts } from '../accounts.js';
import { NotificationRequest } from '../notification-texts.js';
import { z } from 'zod';
import { rpc } from '../rpc.js';

/** A person of an organization, as identity answers other services. */
const Member = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  profilePicture: z.string().nullable(),
});

/** Asked by other services only (never exposed by the gateway): part of identityRpc. */
export const identityServiceRpc = {
  // Between services (never exposed by the gateway)
  members: rpc(
    'identity',
    'users.members',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(Member),
  ),
  /**
   * Some of the organization's people, by id (others' ids are not answered): a batch of a list
   * the caller already chose, without asking for everyone again.
   */
  membersByIds: rpc(
    'identity',
    'users.membersByIds',
    'service',
    z.object({
      organizationId: z.number().int(),
      userIds: z.array(z.number().int()).max(1000),
    }),
    z.array(Member),
  ),
  /**
   * The organization's active people's ids, grouped by role: Team Overview's head counts
   * without every person's name, email and picture (at 100,000 people `members` took seconds).
   */
  activeMemberIds: rpc(
    'identity',
    'users.activeMemberIds',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(z.object({ role: z.string(), userIds: z.array(z.number().int()) })),
  ),
  /**
   * Names of people by id, for a page that lists a few of the caller's records (their ids come
   * from the caller's own organization-scoped rows); one call for the whole page.
   */
  names: rpc(
    'identity',
    'users.names',
    'service',
    z.object({ userIds: z.array(z.number().int()).max(1000) }),
    z.array(z.object({ id: z.number().int(), name: z.string() })),
  ),
  currentPrompts: rpc('identity', 'prompts.current', 'service', z.object({}), GlobalPrompts),
  /** For nightly jobs of other services: the ids of every organization. */
  organizationIds: rpc(
    'identity',
    'organizations.ids',
    'service',
    z.object({}),
    z.array(z.number().int()),
  ),
  /** Team Overview: who of the organization signed in today (UTC). */
  signedInToday: rpc(
    'identity',
    'users.signedInToday',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(z.number().int()),
  ),
  notify: rpc(
    'identity',
    'notifications.notify',
    'service',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      notification: NotificationRequest,
    }),
    z.object({ delivered: z.number().int() }),
  ),
} as const;
