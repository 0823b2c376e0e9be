import { Logger } from '@nestjs/common';
import {
  type Compare,
  filter as filterOf,
  parse as parseFilter,
  type Filter,
} from 'scim2-parse-filter';
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { z } from 'zod';
import { type ScimAnswer, scimError, SCIM_SCHEMAS } from '@hub/proto';
import { isUniqueViolation } from '../database/unique-violation.js';

const logger = new Logger('ScimFilter');

/** What a filter the parser cannot read is answered with (SCIM `invalidFilter`). */
export const UNREADABLE_FILTER =
  'The filter could not be read. Write it as RFC 7644 describes, for example userName eq "ann@example.com".';

/** A SCIM answer that is an error, thrown where a handler cannot go on, caught by `scimAnswer`. */
export class ScimRefusal extends Error {
  constructor(readonly answer: ScimAnswer) {
    super(JSON.stringify(answer.body));
  }
}

export const refuse = (...args: Parameters<typeof scimError>) =>
  new ScimRefusal(scimError(...args));

/** Runs a handler; a refusal becomes its SCIM error document, anything else is thrown on. */
export async function scimAnswer(handle: () => Promise<ScimAnswer>): Promise<ScimAnswer> {
  try {
    return await handle();
  } catch (error) {
    if (error instanceof ScimRefusal) return error.answer;
    throw error;
  }
}

/**
 * Runs a save that a unique index guards: when another request took the value first (past the
 * resource's own check), SCIM's `409 uniqueness` with `taken`, not a 500.
 */
export async function savedUnique<T>(save: () => Promise<T>, taken: string): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, taken, 'uniqueness');
    throw error;
  }
}

/** A resource or a filter's value with every string in lower case (keys are left as they are). */
function folded(value: unknown): unknown {
  if (typeof value === 'string') return value.toLowerCase();
  if (Array.isArray(value)) return value.map(folded);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, folded(inner)]));
  }
  return value;
}

/** The filter with every compared string in lower case. */
function foldedFilter(ast: Filter): Filter {
  if ('compValue' in ast)
    return { ...ast, compValue: folded(ast.compValue) as Compare['compValue'] };
  if ('filters' in ast) return { ...ast, filters: ast.filters.map(foldedFilter) };
  if ('valFilter' in ast) return { ...ast, valFilter: foldedFilter(ast.valFilter) };
  if ('filter' in ast) return { ...ast, filter: foldedFilter(ast.filter) };
  return ast;
}

/**
 * A filter parsed by scim2-parse-filter, as a predicate over SCIM resources. Attribute names
 * compare case-insensitively (RFC 7643, 2.1), so the resource's keys are matched as written
 * in the filter. Values do too: every string attribute this provider declares is `caseExact:
 * false` (its Schemas), so RFC 7644 3.4.2.2 compares them with case folded, where the library
 * compares exactly (Entra ID looks a group up by `displayName eq "forklift"` when it is
 * "Forklift", and then would create it again).
 */
/** How much of an unreadable filter the log keeps. */
const FILTER_LOGGED = 200;

export function scimFilter(text: string | undefined): {
  ast: Filter | null;
  matches: (resource: Record<string, unknown>) => boolean;
} {
  if (!text?.trim()) return { ast: null, matches: () => true };
  let ast: Filter;
  try {
    ast = parseFilter(text);
  } catch (error) {
    // The parser's own words ("[(EOT)] is not json") mean nothing to an identity provider's
    // administrator: they stay in the log, the answer says what to fix.
    // Its start only: a filter names people, and a client could send it long and often.
    const start = text.length > FILTER_LOGGED ? `${text.slice(0, FILTER_LOGGED)}…` : text;
    logger.warn(
      `unreadable SCIM filter ${JSON.stringify(start)} (${text.length} characters): ${(error as Error).message}`,
    );
    throw refuse(400, UNREADABLE_FILTER, 'invalidFilter');
  }
  const test = filterOf(foldedFilter(ast));
  return { ast, matches: (resource) => test(folded(resource)) };
}

/** The value compared by a filter of the form `attribute eq "value"`, when the filter is one. */
export function equalityValue(ast: Filter | null, attribute: string): string | null {
  if (!ast || ast.op !== 'eq' || !('attrPath' in ast)) return null;
  if (ast.attrPath.toLowerCase() !== attribute.toLowerCase()) return null;
  return typeof ast.compValue === 'string' ? ast.compValue : null;
}

const Paging = z.object({
  startIndex: z.coerce.number().int().catch(1),
  count: z.coerce.number().int().catch(100),
});

/** `startIndex` (1-based) and `count` as RFC 7644 3.4.2.4 reads them, bounded. */
export function scimPaging(query: Record<string, string>, maxCount = 200) {
  const { startIndex, count } = Paging.parse(query);
  return { offset: Math.max(1, startIndex) - 1, limit: Math.min(Math.max(0, count), maxCount) };
}

export function scimList(resources: unknown[], totalResults: number, offset: number): ScimAnswer {
  return {
    status: 200,
    body: {
      schemas: [SCIM_SCHEMAS.list],
      totalResults,
      startIndex: offset + 1,
      itemsPerPage: resources.length,
      Resources: resources,
    },
  };
}

const PatchRequest = z.object({
  Operations: z
    .array(
      z.object({
        op: z.string(),
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1),
});

/** Entra ID sends booleans as the strings "True" and "False". */
const booleanOf = (value: unknown) =>
  typeof value === 'string' && /^(true|false)$/i.test(value)
    ? value.toLowerCase() === 'true'
    : value;

function normalizedValue(path: string | undefined, value: unknown): unknown {
  if (path?.toLowerCase() === 'active') return booleanOf(value);
  if (!path && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key.toLowerCase() === 'active' ? booleanOf(item) : item,
      ]),
    );
  }
  return value;
}

/**
 * The operations of a PatchOp request as scim-patch applies them: op names lower-cased (Entra
 * ID writes "Replace"), Entra's string booleans made booleans.
 */
export function patchOperations(body: unknown): ScimPatchOperation[] {
  const parsed = PatchRequest.safeParse(body);
  if (!parsed.success) {
    throw refuse(400, 'A PATCH request needs an "Operations" list.', 'invalidSyntax');
  }
  return parsed.data.Operations.flatMap(({ op, path, value }) => {
    const name = op.toLowerCase();
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw refuse(400, `Unknown PATCH operation "${op}".`, 'invalidSyntax');
    }
    if (name === 'remove' && path && Array.isArray(value)) return removalsByValue(path, value);
    return [
      { op: name, ...(path ? { path } : {}), value: normalizedValue(path, value) },
    ] as ScimPatchOperation[];
  });
}

/**
 * Entra ID removes members as `path: "members", value: [{ value: id }]`; scim-patch would
 * compare whole objects (ours carry `display` too), so each becomes `members[value eq "id"]`.
 */
function removalsByValue(path: string, items: unknown[]): ScimPatchOperation[] {
  return items.map((item) => {
    const value = (item as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw refuse(400, `Each value removed from "${path}" needs its "value".`, 'invalidValue');
    }
    return { op: 'remove', path: `${path}[value eq ${JSON.stringify(String(value))}]` };
  });
}

/** Attribute names of the schemas served, as they are spelled (RFC 7643 section 8.7.1). */
const SCIM_ATTRIBUTE_NAMES = [
  'userName',
  'externalId',
  'name',
  'givenName',
  'familyName',
  'formatted',
  'displayName',
  'emails',
  'value',
  'type',
  'primary',
  'active',
  'members',
  'display',
];

/** Every key of a resource, at any depth: the names its attributes are spelled with. */
function keysOf(value: unknown, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      into.set(key.toLowerCase(), key);
      keysOf(item, into);
    }
  return into;
}

/** A path's attribute names spelled as the resource spells them; quoted values untouched. */
function spelledPath(path: string, names: Map<string, string>): string {
  return path.replace(/"(?:[^"\\]|\\.)*"|[A-Za-z_][\w$-]*/g, (token) =>
    token.startsWith('"') ? token : (names.get(token.toLowerCase()) ?? token),
  );
}

/** A value's keys, at any depth, spelled as the resource spells them. */
function spelledValue(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => spelledValue(item, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.startsWith('urn:') ? key : (names.get(key.toLowerCase()) ?? key),
      spelledValue(item, names),
    ]),
  );
}

/**
 * Attribute names are case-insensitive (RFC 7643 section 2.1) where scim-patch matches them
 * exactly: `"path": "Active"` would add an `Active` key the schema ignores, answered 200 with
 * the user still active. Each operation's names are spelled as the resource's before it runs.
 */
function spelledOperations(resource: object, operations: ScimPatchOperation[]) {
  const names = keysOf(resource, new Map(SCIM_ATTRIBUTE_NAMES.map((n) => [n.toLowerCase(), n])));
  return operations.map((operation) => {
    const spelled = { ...operation } as ScimPatchOperation & { path?: string; value?: unknown };
    if (spelled.path) spelled.path = spelledPath(spelled.path, names);
    if ('value' in spelled) spelled.value = spelledValue(spelled.value, names);
    return spelled as ScimPatchOperation;
  });
}

/** A resource with the operations applied by scim-patch; its errors answered as SCIM's. */
export function applyPatch<T extends { schemas: string[] }>(
  resource: T,
  operations: ScimPatchOperation[],
): T {
  try {
    return scimPatch(
      structuredClone(resource) as never,
      spelledOperations(resource, operations),
    ) as unknown as T;
  } catch (error) {
    const code = (error as { scimCode?: unknown }).scimCode;
    throw refuse(
      400,
      (error as Error).message,
      code === 'noTarget' || code === 'invalidPath' ? code : 'invalidValue',
    );
  }
}

/** Members a PATCH adds and removes by id, and its operations on anything else. */
export interface MemberChanges {
  added: string[];
  removed: string[];
  others: ScimPatchOperation[];
}

const MEMBERS_PATH = /^\s*members\s*$/i;
const MEMBER_BY_VALUE = /^\s*members\s*\[\s*value\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(\d+))\s*\]\s*$/i;

/** The ids of an `add` to members: a list of `{ value }` (any case); null when it is not one. */
function addedValues(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const ids = value.map((item: unknown) => {
    if (!item || typeof item !== 'object') return null;
    const key = Object.keys(item).find((name) => name.toLowerCase() === 'value');
    const id = key === undefined ? undefined : (item as Record<string, unknown>)[key];
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  });
  return ids.every((id) => id !== null) ? (ids as string[]) : null;
}

/** The id of a `remove` of `members[value eq "id"]`, else null. */
function removedValue(path: string): string | null {
  const match = MEMBER_BY_VALUE.exec(path);
  if (!match) return null;
  return match[1] === undefined ? match[2]! : (JSON.parse(`"${match[1]}"`) as string);
}

function touchesMembers(operation: ScimPatchOperation): boolean {
  const { path, value } = operation as { path?: string; value?: unknown };
  if (path) return /^\s*members\b/i.test(path);
  return (
    !!value &&
    typeof value === 'object' &&
    Object.keys(value).some((key) => key.toLowerCase() === 'members')
  );
}

/**
 * A PATCH's operations as the members it adds and removes by id (Okta's and Entra ID's group
 * pushes) and the rest, in order: a member added then removed is neither. Null when an
 * operation reaches members otherwise (a replace of the list, a removal of all, a sub-attribute),
 * which needs the resource whole.
 */
export function memberChanges(operations: ScimPatchOperation[]): MemberChanges | null {
  const added = new Set<string>();
  const removed = new Set<string>();
  const others: ScimPatchOperation[] = [];
  for (const operation of operations) {
    const { path, value } = operation as { path?: string; value?: unknown };
    const adding = operation.op === 'add' && path && MEMBERS_PATH.test(path);
    const ids = adding ? addedValues(value) : null;
    const removal = operation.op === 'remove' && path ? removedValue(path) : null;
    if (ids) {
      for (const id of ids) {
        added.add(id);
        removed.delete(id);
      }
    } else if (removal !== null) {
      removed.add(removal);
      added.delete(removal);
    } else if (touchesMembers(operation)) {
      return null;
    } else {
      others.push(operation);
    }
  }
  return { added: [...added], removed: [...removed], others };
}
