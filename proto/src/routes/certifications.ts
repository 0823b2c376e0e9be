import { TRAINING_EDITORS, ORGANIZATION_ADMINS, ALL_ROLES } from '../roles.js';
import { z } from 'zod';
import {
  Certification,
  CertificationList,
  CertificationListQuery,
  CertificationSettings,
  CertificationVerification,
  RevokeCertificationRequest,
  SaveCertificationDefaults,
  SaveSopValidity,
} from '../certifications.js';
import { defineRoute } from '../http.js';
import { certificationRpc } from '../rpc/certification.js';
import { IdParams } from '../row-id.js';

export const certificationsRoutes = {
  certifications: defineRoute({
    method: 'GET',
    path: '/api/certifications',
    summary:
      'Certifications (filters: user, SOP, course, state, search), most recently issued first, a page at a time (`cursor`), with the four counters and categories; an operator gets their own',
    tag: 'certifications',
    access: ALL_ROLES,
    query: CertificationListQuery,
    response: CertificationList,
    paged: { items: 'certifications' },
    relay: {
      rpc: certificationRpc.list,
      request: ({ actor, query }) => ({ actor, filter: query }),
    },
  }),
  certificatePdf: defineRoute({
    method: 'GET',
    path: '/api/certifications/:id/certificate.pdf',
    summary: 'The certificate as a PDF: holder, what it certifies, dates and verification code',
    tag: 'certifications',
    access: ALL_ROLES,
    params: IdParams,
    response: z.any(),
  }),
  verifyCertification: defineRoute({
    method: 'GET',
    path: '/api/certifications/verify/:code',
    summary:
      "Check a certificate's verification code (no session needed; non-sensitive facts only)",
    tag: 'certifications',
    access: 'public',
    rateLimited: true,
    params: z.object({ code: z.string().trim().min(4).max(40) }),
    response: CertificationVerification,
  }),
  revokeCertification: defineRoute({
    method: 'POST',
    path: '/api/certifications/:id/revoke',
    summary: 'Revoke a certification (a later pass issues it again)',
    tag: 'certifications',
    access: ORGANIZATION_ADMINS,
    audit: 'certification.revoke',
    params: IdParams,
    body: RevokeCertificationRequest,
    response: Certification,
    relay: {
      rpc: certificationRpc.revoke,
      request: ({ actor, params, body }) => ({
        actor,
        certificationId: params.id,
        reason: body.reason,
      }),
      status: 200,
    },
  }),
  certificationSettings: defineRoute({
    method: 'GET',
    path: '/api/certifications/settings',
    summary: "How long your organization's certifications stay valid (default and per SOP)",
    tag: 'certifications',
    access: TRAINING_EDITORS,
    response: CertificationSettings,
    relay: { rpc: certificationRpc.settings, request: ({ actor }) => ({ actor }) },
  }),
  saveCertificationSettings: defineRoute({
    method: 'PUT',
    path: '/api/certifications/settings',
    summary: "Change your organization's default validity in months",
    tag: 'certifications',
    access: TRAINING_EDITORS,
    body: SaveCertificationDefaults,
    response: CertificationSettings,
    relay: {
      rpc: certificationRpc.saveDefaults,
      request: ({ actor, body }) => ({
        actor,
        defaultValidityMonths: body.defaultValidityMonths,
      }),
    },
  }),
  saveSopValidity: defineRoute({
    method: 'PUT',
    path: '/api/certifications/settings/sops/:id',
    summary: "Set (or with null remove) one SOP's own validity in months",
    tag: 'certifications',
    access: TRAINING_EDITORS,
    params: IdParams,
    body: SaveSopValidity,
    response: CertificationSettings,
    relay: {
      rpc: certificationRpc.saveSopValidity,
      request: ({ actor, params, body }) => ({
        actor,
        documentId: params.id,
        validityMonths: body.validityMonths,
      }),
    },
  }),
} as const;
