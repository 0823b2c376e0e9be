import { z } from 'zod';
import { CreatableRole } from './roles.js';

/**
 * SAML single sign-on per organization (issue #8). The product is the service provider; each
 * organization names its SSO identifier (the spec's auth0OrgId) and its identity provider.
 */

/** Spec section 5: an identifier with a space is a name, not an identifier. */
export const INVALID_ORGANIZATION_IDENTIFIER =
  'Invalid organization identifier. Please contact your administrator.';

export const SamlConnectionId = z
  .string({ error: INVALID_ORGANIZATION_IDENTIFIER })
  .trim()
  .min(1, INVALID_ORGANIZATION_IDENTIFIER)
  .max(200, INVALID_ORGANIZATION_IDENTIFIER)
  .regex(/^\S+$/, INVALID_ORGANIZATION_IDENTIFIER);

export const SamlConnectionParams = z.object({ connection: SamlConnectionId });
export type SamlConnectionParams = z.infer<typeof SamlConnectionParams>;

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/**
 * The identity provider's settings: its entity ID, single sign-on URL and signing certificate,
 * or all three at once as its metadata XML (explicit fields win over the metadata's).
 * Whether unknown users are created on their first sign-in is off by default.
 */
export const SamlIdpSettings = z
  .object({
    metadataXml: optionalText(500_000),
    entityId: optionalText(1024),
    ssoUrl: optionalText(2048),
    certificate: optionalText(20_000),
    allowSignUp: z.boolean().optional().default(false),
    signUpRole: CreatableRole.optional().default('operator'),
  })
  .superRefine((value, context) => {
    if (value.ssoUrl && !/^https?:\/\/[^\s]+$/i.test(value.ssoUrl)) {
      context.addIssue({
        code: 'custom',
        path: ['ssoUrl'],
        message: 'The single sign-on URL must be an http:// or https:// URL',
      });
    }
    if (value.metadataXml) return;
    const missing = [
      ['entityId', 'The identity provider entity ID is required (or paste its metadata XML)'],
      [
        'ssoUrl',
        'The identity provider single sign-on URL is required (or paste its metadata XML)',
      ],
      [
        'certificate',
        'The identity provider signing certificate is required (or paste its metadata XML)',
      ],
    ] as const;
    for (const [field, message] of missing) {
      if (!value[field]) context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type SamlIdpSettings = z.infer<typeof SamlIdpSettings>;
export type SamlIdpSettingsInput = z.input<typeof SamlIdpSettings>;

/** What the super administrator and the provider's administrator need to see. */
export const SamlSettingsView = z.object({
  organizationId: z.number().int(),
  connection: z.string().nullable(),
  samlEnabled: z.boolean(),
  spEntityId: z.string().nullable(),
  acsUrl: z.string().nullable(),
  metadataUrl: z.string().nullable(),
  idpEntityId: z.string().nullable(),
  idpSsoUrl: z.string().nullable(),
  /** SHA-256 fingerprint of the configured signing certificate. */
  idpCertificateFingerprint: z.string().nullable(),
  allowSignUp: z.boolean(),
  signUpRole: CreatableRole,
});
export type SamlSettingsView = z.infer<typeof SamlSettingsView>;

export const SamlStartRequest = z.object({ organization: SamlConnectionId });
export type SamlStartRequest = z.infer<typeof SamlStartRequest>;

export const SamlStartResponse = z.object({ redirectUrl: z.string() });
export type SamlStartResponse = z.infer<typeof SamlStartResponse>;

/** The identity provider's form post to the assertion consumer endpoint. */
export const SamlAcsForm = z.object({
  SAMLResponse: z.string().max(1_000_000).optional(),
  RelayState: z.string().max(1024).optional(),
});
export type SamlAcsForm = z.infer<typeof SamlAcsForm>;

/**
 * Why an SSO sign-in was refused, as the gateway passes it to /callback (?error=code); the
 * precise reason is only logged by the server.
 */
export const SAML_ERROR_MESSAGES = {
  saml_invalid: 'There was an error processing your login. Please try again.',
  saml_expired: 'Your sign-in took too long or was already used. Please try again.',
  saml_no_account:
    'No active account for this email in your organization. Please contact your administrator.',
  saml_wrong_organization:
    'This email does not belong to the organization of your identity provider. Please contact your administrator.',
  saml_not_configured:
    'Single sign-on is not configured for this organization. Please contact your administrator.',
  saml_super_admin:
    'A super administrator cannot sign in with single sign-on. Please sign in with your email and password.',
} as const;
export type SamlErrorCode = keyof typeof SAML_ERROR_MESSAGES;
export const SamlErrorCode = z.enum(
  Object.keys(SAML_ERROR_MESSAGES) as [SamlErrorCode, ...SamlErrorCode[]],
);

/** The spec's POST /api/auth/callback cannot sign anyone in: identity never comes from the browser. */
export const BROWSER_CALLBACK_REFUSED =
  'Sign-in from a browser-supplied identity is not supported. Use single sign-on (SSO SAML) or your password.';
