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
  /** False while pending: invited, the invitation not yet accepted. */
  isActive: z.boolean(),
  /**
   * Suspended by the organization (SCIM `active: false`): still a member, their records kept,
   * but unable to sign in, and meanwhile neither certified by an observation nor named in a
   * video. Apart from `isActive`, which says pending: someone suspended may well have accepted.
   */
  suspended: z.boolean(),
  profilePicture: z.string().nullable(),
});

/**
 * Which of an organization's people a page or an id list holds: all filters optional. Search
 * is a case-insensitive substring of the name or email; `active` true answers the accepted
 * only, false pending ones only (suspension aside, as `isActive`); `suspended` false leaves out
 * the people the organization suspended, true answers them only; `userIds` restricts to those
 * (a job function's members). Both, `active` true and `suspended` false, answer the active
 * people (accepted, not suspended) whom the head counts count, as the choosers and the skills
 * matrix ask.
 */
export const MemberFilter = z.object({
  organizationId: z.number().int(),
  search: z.string().max(200).optional(),
  roles: z.array(z.string()).max(10).optional(),
  active: z.boolean().optional(),
  suspended: z.boolean().optional(),
  userIds: z.array(z.number().int()).max(200_000).optional(),
});
export type MemberFilter = z.infer<typeof MemberFilter>;

/** A person's place in the order of people by name then id. */
export const MemberKey = z.object({ name: z.string(), id: z.number().int() });
export type MemberKey = z.infer<typeof MemberKey>;

/** Asked by other services only (never exposed by the gateway): part of identityRpc. */
export const identityServiceRpc = {
  // Between services (never exposed by the gateway)
  /**
   * Every member of an organization: no service of this release asks it (each asks for the people
   * it holds, `membersByIds`); answered for the previous release's services during a rolling
   * upgrade, and removed in the next.
   */
  members: rpc(
    'identity',
    'users.members',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(Member),
  ),
  /**
   * One page of the organization's people (MemberFilter), by name then id, and how many the
   * filter holds: a list or a search without answering everyone (100,001 people were 18 MiB).
   */
  memberPage: rpc(
    'identity',
    'users.memberPage',
    'service',
    MemberFilter.extend({
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      /**
       * The page after this person (the last of the page before), where an export walks every
       * page: people added or removed meanwhile shift no page, as they would with `offset`.
       */
      after: MemberKey.optional(),
    }),
    z.object({ members: z.array(Member), total: z.number().int() }),
  ),
  /**
   * Where each key falls among a batch of people (`userIds`, at most 1,000) the filter holds, in
   * memberPage's order by name then id: how many of them come before it. A caller that pages
   * many batches in one order (a job function's holders) finds a deep page's first person from
   * these counts, in identity's collation, rather than reading every person before it.
   */
  memberRanks: rpc(
    'identity',
    'users.memberRanks',
    'service',
    MemberFilter.extend({
      userIds: z.array(z.number().int()).max(1000),
      keys: z.array(MemberKey).min(1).max(1000),
    }),
    z.array(z.number().int()),
  ),
  /**
   * The ids of the organization's people a filter holds (no names, emails or pictures), all at
   * once: bounded only when the filter lists `userIds`. No service of this release asks it
   * without them (each walks `memberIdPage`); answered so for the previous release's services
   * during a rolling upgrade, and asked with `userIds` alone from the next.
   */
  memberIds: rpc('identity', 'users.memberIds', 'service', MemberFilter, z.array(z.number().int())),
  /**
   * One page of the ids of the organization's people a filter holds, ascending, after `afterId`:
   * at most `limit`, a shorter page being the last. A caller walks the pages (the last id of
   * one is the next's `afterId`), so no message holds every id of 100,000 people; people added
   * or removed meanwhile shift no page. `userIds`, when given, at most 1,000: the ids among a
   * batch of people the caller holds.
   */
  memberIdPage: rpc(
    'identity',
    'users.memberIdPage',
    'service',
    MemberFilter.extend({
      userIds: z.array(z.number().int()).max(1000).optional(),
      afterId: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.array(z.number().int()),
  ),
  /**
   * One page of the ids of the organization's people a filter does not hold (any status),
   * ascending, after `afterId`: at most `limit`, a shorter page being the last. The rest of an
   * `excluded` selection that `memberSearch` answered in part (`more`).
   */
  otherMemberIdPage: rpc(
    'identity',
    'users.otherMemberIdPage',
    'service',
    MemberFilter.omit({ userIds: true }).extend({
      afterId: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.array(z.number().int()),
  ),
  /**
   * The people the counts leave out (pending or suspended; ids ascending, each once) of every
   * organization given, at most 1,000 a call, all at once: no service of this release asks it
   * (each walks `uncountedMemberIdPage`); answered for the previous release's services during a
   * rolling upgrade, and removed in the next.
   */
  uncountedMemberIds: rpc(
    'identity',
    'users.uncountedMemberIds',
    'service',
    z.object({ organizationIds: z.array(z.number().int()).max(1000) }),
    z.array(z.number().int()),
  ),
  /**
   * One page of the people the counts leave out (pending or suspended) of the organizations
   * given, ids ascending after `afterId`, each once: at most `limit`, a shorter page being the
   * last. The platform-wide progress page walks them (every pending person of 1,000
   * organizations was one message).
   */
  uncountedMemberIdPage: rpc(
    'identity',
    'users.uncountedMemberIdPage',
    'service',
    z.object({
      organizationIds: z.array(z.number().int()).max(1000),
      afterId: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.array(z.number().int()),
  ),
  /**
   * One search of the filter's people answering both what the skills matrix asks of it: a page
   * of them by name then id with their total (as memberPage; `limit` 0 answers no page), and
   * the selection its column gaps count, as the shorter of two id lists: `listed` the people
   * it holds, or `excluded` the organization's other people (any status) when those are fewer
   * (a broad search of 100,000 people then answers a few ids, not 100,000). Listed whenever the
   * filter has `userIds`. One statement: at 100,000 people the page, its count and the
   * selection were four scans of every name in two calls.
   *
   * `selectionLimit`: the selection's first ids (ascending) only, at most that many, and `more`
   * true when others follow, which the caller walks (`memberIdPage` after the last when listed,
   * `otherMemberIdPage` when excluded): up to half of 100,000 ids were one message. Without it
   * every id, as the previous release's services ask during a rolling upgrade (asked with it
   * from the next); an older identity leaves `more` out, having answered every id.
   */
  memberSearch: rpc(
    'identity',
    'users.memberSearch',
    'service',
    MemberFilter.extend({
      offset: z.number().int().min(0),
      limit: z.number().int().min(0).max(1000),
      selectionLimit: z.number().int().min(1).max(1000).optional(),
    }),
    z.object({
      members: z.array(Member),
      total: z.number().int(),
      selection: z.object({
        kind: z.enum(['listed', 'excluded']),
        userIds: z.array(z.number().int()),
        more: z.boolean().optional(),
      }),
    }),
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
   * The organization's active people's ids (accepted, not suspended), grouped by role, every one
   * in one answer: no service of this release asks it (the certification digest walks its
   * readers' `memberIdPage`s); answered for the previous release's services during a rolling
   * upgrade, and removed in the next.
   */
  activeMemberIds: rpc(
    'identity',
    'users.activeMemberIds',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(z.object({ role: z.string(), userIds: z.array(z.number().int()) })),
  ),
  /**
   * Team stats' head counts, counted by identity: the organization's active people (accepted,
   * not suspended) by role and how many of each are among `presentIds`, and which of
   * `observedIds` (people with figures of their own) are not active members (pending, suspended,
   * gone or of another organization), so their figures do not count. At 100,000 people the ids
   * of `activeMemberIds` were most of the stats' time; these answers are a few rows.
   *
   * `membershipVersion` changes whenever the organization's set of active people does (and only
   * then), each time to a value never answered before. A caller that remembers the verdicts it
   * was answered at a version sends that version and only the ids it has not asked about: while
   * the version holds, `notActive` names those of them (its earlier verdicts stand); when it has
   * changed the answer is `stale` (no verdicts) and the caller asks again without a version,
   * with every id (at 100,000 people the 22,500 observed ids on every call took 156 ms p50).
   */
  activeMemberCounts: rpc(
    'identity',
    'users.activeMemberCounts',
    'service',
    z.object({
      organizationId: z.number().int(),
      // An organization's people at most: bounded as MemberFilter's ids are.
      presentIds: z.array(z.number().int()).max(200_000),
      observedIds: z.array(z.number().int()).max(200_000),
      membershipVersion: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
    }),
    z.object({
      roles: z.array(
        z.object({ role: z.string(), active: z.number().int(), present: z.number().int() }),
      ),
      notActive: z.array(z.number().int()),
      membershipVersion: z.string(),
      stale: z.boolean(),
    }),
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
  /**
   * The members suspended now, of every organization, by id after `afterId`: at most `limit`, a
   * shorter page being the last. The integration service reconciles its record of suspensions
   * (kept from `member.suspended` and `member.restored` events) with it at each start, so an
   * event an older process acknowledged and ignored, or lost, or an empty record, loses no
   * suspension nor restoration. `asOf`: identity's database clock when the page was read (set
   * back to the start of any transaction then open), so whoever is suspended and unlisted with
   * a change older than it was restored by then.
   */
  suspendedMembers: rpc(
    'identity',
    'users.suspendedMembers',
    'service',
    z.object({
      afterId: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.object({
      asOf: z.iso.datetime(),
      members: z.array(
        z.object({
          organizationId: z.number().int(),
          userId: z.number().int(),
          suspendedAt: z.iso.datetime(),
        }),
      ),
    }),
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
  /**
   * When the organization's "today" began: the last local midnight in its default time zone
   * (UTC when it has none), as an ISO instant, and that day's calendar date there (YYYY-MM-DD:
   * a due date is a date, not an instant). Other services' "today" figures count from it.
   */
  organizationDayStart: rpc(
    'identity',
    'organizations.dayStart',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.object({ since: z.iso.datetime(), date: z.iso.date() }),
  ),
  /**
   * Team Overview: who of the organization signed in today (the organization's day, as
   * `organizationDayStart`); of `userIds` only when given (a page of people, one member: not
   * everyone who signed in).
   */
  signedInToday: rpc(
    'identity',
    'users.signedInToday',
    'service',
    z.object({
      organizationId: z.number().int(),
      userIds: z.array(z.number().int()).max(1000).optional(),
    }),
    z.array(z.number().int()),
  ),
  notify: rpc(
    'identity',
    'notifications.notify',
    'service',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      notification: NotificationRequest,
      /**
       * Makes the call idempotent: a person already told under this key is not told (nor
       * mailed) again, so a caller that dies after the call and retries repeats nothing.
       */
      key: z.string().min(1).max(200).optional(),
    }),
    /** `delivered`: the people told now (not those told before under the key, nor unknown ids). */
    z.object({ delivered: z.number().int() }),
  ),
  /**
   * Many people told each their own notification under their own key, in one statement (a
   * batch of the certification expiry sweep: each holder's notice names its certification).
   * Keyed as `notify`: a person already told under an item's key is not told (nor mailed)
   * again. `delivered`: the items told now.
   */
  notifyEach: rpc(
    'identity',
    'notifications.notifyEach',
    'service',
    z.object({
      items: z
        .array(
          z.object({
            userId: z.number().int(),
            notification: NotificationRequest,
            key: z.string().min(1).max(200),
          }),
        )
        .max(1000),
    }),
    z.object({ delivered: z.number().int() }),
  ),
} as const;
