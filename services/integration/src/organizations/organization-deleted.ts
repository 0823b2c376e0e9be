import { ERROR_TEXTS } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

export const ORGANIZATION_NOT_FOUND = ERROR_TEXTS.organization_not_found;

/**
 * A write for an organization whose deletion was handled, refused as the organization is
 * everywhere else: not found. A refusal of its own, so that every write through
 * writeOrganizationData is refused alike whichever route asked, and a route that words it
 * otherwise (an assignment names its field) can tell it.
 */
export class OrganizationDeleted extends RpcFailure {
  constructor() {
    super('not_found', ORGANIZATION_NOT_FOUND);
  }
}
