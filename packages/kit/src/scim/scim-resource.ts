import type { ScimAnswer, ScimCall } from '@hub/proto';
import { applyPatch, patchOperations, scimAnswer } from './scim-protocol.js';

/** What a SCIM resource type (Users, Groups) answers; its PATCH is derived, see answerScimCall. */
export interface ScimResourceType {
  list(call: ScimCall): Promise<ScimAnswer>;
  create(call: ScimCall): Promise<ScimAnswer>;
  /** The resource as its SCIM document, or a 404 refusal. */
  read(call: ScimCall): Promise<{ status: number; body: { schemas: string[] } }>;
  /**
   * Saves the resource whole (PUT). A PATCH passes the resource as it was read too, so that a
   * type whose lists change item by item (a group's members) writes only what the operations
   * changed, and two PATCHes at once each keep theirs.
   */
  replace(call: ScimCall, before?: { schemas: string[] }): Promise<ScimAnswer>;
  remove(call: ScimCall): Promise<ScimAnswer>;
  /** A type whose PATCH need not read the resource whole answers it itself (see patchWhole). */
  patch?(call: ScimCall): Promise<ScimAnswer>;
}

/**
 * A PATCH as the resource as read with the operations applied (scim-patch), then saved as a PUT
 * of the result: each resource type writes its replace once, and a PATCH validates and saves
 * exactly as it.
 */
export async function patchWhole(call: ScimCall, resource: ScimResourceType): Promise<ScimAnswer> {
  const current = await resource.read(call);
  const patched = applyPatch(current.body, patchOperations(call.body));
  return resource.replace({ ...call, body: patched }, current.body);
}

/**
 * One SCIM call of a resource type, its refusals answered as SCIM errors. A PATCH is the type's
 * own when it has one, else patchWhole.
 */
export function answerScimCall(call: ScimCall, resource: ScimResourceType): Promise<ScimAnswer> {
  return scimAnswer(async () => {
    switch (call.operation) {
      case 'list':
        return resource.list(call);
      case 'create':
        return resource.create(call);
      case 'read':
        return resource.read(call);
      case 'replace':
        return resource.replace(call);
      case 'patch':
        return resource.patch ? resource.patch(call) : patchWhole(call, resource);
      case 'delete':
        return resource.remove(call);
    }
  });
}
