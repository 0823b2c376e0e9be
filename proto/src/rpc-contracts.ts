import type { RpcContract } from './rpc.js';
import { certificationRpc } from './rpc/certification.js';
import { identityRpc } from './rpc/identity.js';
import { insightsRpc } from './rpc/insights.js';
import { integrationRpc } from './rpc/integration.js';
import { libraryRpc } from './rpc/library.js';
import { observationRpc, teamRpc } from './rpc/observation.js';
import { onboardingRpc } from './rpc/onboarding.js';
import { exportRpc } from './rpc/organization-export.js';
import { peopleImportsRpc } from './rpc/people-imports.js';
import { recommendationRpc } from './rpc/recommendation.js';
import { samlRpc } from './rpc/saml.js';
import { skillsRpc } from './rpc/skills.js';
import { scimRpc } from './rpc/scim.js';
import { apiTokensRpc } from './rpc/api-tokens.js';
import { videoRpc } from './rpc/video.js';
import { webhooksRpc } from './rpc/webhooks.js';

/** Every RPC contract's table by name, so tests can go through all of them without a list. */
export const rpcTables = {
  apiTokensRpc,
  certificationRpc,
  exportRpc,
  identityRpc,
  insightsRpc,
  integrationRpc,
  libraryRpc,
  observationRpc,
  onboardingRpc,
  teamRpc,
  peopleImportsRpc,
  recommendationRpc,
  samlRpc,
  skillsRpc,
  scimRpc,
  videoRpc,
  webhooksRpc,
} as const satisfies Record<string, Record<string, RpcContract>>;

/** Every RPC contract of the product. */
export const RPC_CONTRACTS: readonly RpcContract[] = Object.values(rpcTables).flatMap(
  (table): RpcContract[] => Object.values(table),
);
