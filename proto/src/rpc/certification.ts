import { z } from 'zod';
import {
  Certification,
  CertificationList,
  CertificationListQuery,
  CertificationSettings,
  CertificationVerification,
} from '../certifications.js';
import { Actor, ALL_ROLES } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';

const CertificationRef = z.object({ actor: Actor, certificationId: z.number().int() });

/** Certifications live in the observation service, which issues them from passed observations. */
export const certificationRpc = {
  list: rpc(
    'observation',
    'certifications.list',
    FROM_ROUTES,
    z.object({ actor: Actor, filter: CertificationListQuery }),
    CertificationList,
  ),
  certificate: rpc(
    'observation',
    'certifications.certificate',
    ALL_ROLES,
    CertificationRef,
    z.object({ fileName: z.string(), pdfBase64: z.string() }),
  ),
  verify: rpc(
    'observation',
    'certifications.verify',
    'public',
    z.object({ code: z.string() }),
    CertificationVerification,
  ),
  revoke: rpc(
    'observation',
    'certifications.revoke',
    FROM_ROUTES,
    CertificationRef.extend({ reason: z.string() }),
    Certification,
  ),
  settings: rpc(
    'observation',
    'certifications.settings',
    FROM_ROUTES,
    ActorOnly,
    CertificationSettings,
  ),
  saveDefaults: rpc(
    'observation',
    'certifications.settings.save',
    FROM_ROUTES,
    z.object({ actor: Actor, defaultValidityMonths: z.number().int() }),
    CertificationSettings,
  ),
  saveSopValidity: rpc(
    'observation',
    'certifications.settings.sop',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      documentId: z.number().int(),
      validityMonths: z.number().int().nullable(),
    }),
    CertificationSettings,
  ),

  // Between services (never exposed by the gateway)
  /**
   * For the floor's alerts: which of these people hold a certification in force (active or
   * expiring soon) for which of these SOPs, in one call for everyone the cameras saw.
   */
  inForce: rpc(
    'observation',
    'certifications.inForce',
    'service',
    z.object({
      organizationId: z.number().int(),
      userIds: z.array(z.number().int()).max(5000),
      documentIds: z.array(z.number().int()).max(1000),
    }),
    z.array(z.object({ userId: z.number().int(), documentId: z.number().int() })),
  ),
  /**
   * Who holds a certification in force on these SOPs, e.g. to ask them to acknowledge a new
   * version; one call for many documents.
   */
  holders: rpc(
    'observation',
    'certifications.holders',
    'service',
    z.object({
      organizationId: z.number().int(),
      documentIds: z.array(z.number().int()).max(1000),
    }),
    z.array(z.object({ userId: z.number().int(), documentId: z.number().int() })),
  ),
  /**
   * A processed new version of an SOP changed a safety-relevant section: its certifications in
   * force need re-observation. Idempotent per (document, version); answers how many were marked
   * by this call (0 on a repeat).
   */
  requireReobservation: rpc(
    'observation',
    'certifications.requireReobservation',
    'service',
    z.object({
      organizationId: z.number().int(),
      documentId: z.number().int(),
      version: z.number().int().min(2),
    }),
    z.object({ marked: z.number().int() }),
  ),
} as const;
