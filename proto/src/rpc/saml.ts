import { z } from 'zod';
import { Actor } from '../roles.js';
import { ClientContext, rpc, SessionView, FROM_ROUTES } from '../rpc.js';
import {
  SamlConnectionId,
  SamlErrorCode,
  SamlIdpSettings,
  SamlSettingsView,
  SamlStartResponse,
} from '../saml.js';

export const samlRpc = {
  start: rpc(
    'identity',
    'saml.start',
    'public',
    z.object({ organization: SamlConnectionId }),
    // The request ID goes into a cookie of the browser that starts, never to the page.
    SamlStartResponse.extend({ requestId: z.string().min(1) }),
  ),
  metadata: rpc(
    'identity',
    'saml.metadata',
    'public',
    z.object({ connection: SamlConnectionId }),
    z.object({ xml: z.string() }),
  ),
  /** Validates the provider's response; only a valid one opens a session. */
  consume: rpc(
    'identity',
    'saml.consume',
    'public',
    z.object({
      connection: SamlConnectionId,
      samlResponse: z.string().max(1_000_000),
      /** The AuthnRequest this browser started (its cookie); null when it started none. */
      requestId: z.string().max(200).nullable(),
      client: ClientContext,
    }),
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('signed_in'), token: z.string(), session: SessionView }),
      z.object({ outcome: z.literal('refused'), code: SamlErrorCode }),
    ]),
  ),
  settings: rpc(
    'identity',
    'saml.settings.get',
    FROM_ROUTES,
    z.object({ actor: Actor, organizationId: z.number().int() }),
    SamlSettingsView,
  ),
  saveSettings: rpc(
    'identity',
    'saml.settings.save',
    FROM_ROUTES,
    z.object({ actor: Actor, organizationId: z.number().int(), settings: SamlIdpSettings }),
    SamlSettingsView,
  ),
} as const;
