import { z } from 'zod';
import {
  Certification,
  CertificationList,
  CertificationListQuery,
  CertificationSettings,
  CertificationVerification,
} from '../certifications.js';
import { Actor } from '../roles.js';
import { ActorOnly, rpc } from '../rpc.js';

const CertificationRef = z.object({ actor: Actor, certificationId: z.number().int() });

/** Certifications live in the observation service, which issues them from passed observations. */
export const certificationRpc = {
  list: rpc(
    'observation',
    'certifications.list',
    z.object({ actor: Actor, filter: CertificationListQuery }),
    CertificationList,
  ),
  certificate: rpc(
    'observation',
    'certifications.certificate',
    CertificationRef,
    z.object({ fileName: z.string(), pdfBase64: z.string() }),
  ),
  verify: rpc(
    'observation',
    'certifications.verify',
    z.object({ code: z.string() }),
    CertificationVerification,
  ),
  revoke: rpc(
    'observation',
    'certifications.revoke',
    CertificationRef.extend({ reason: z.string() }),
    Certification,
  ),
  settings: rpc('observation', 'certifications.settings', ActorOnly, CertificationSettings),
  saveDefaults: rpc(
    'observation',
    'certifications.settings.save',
    z.object({ actor: Actor, defaultValidityMonths: z.number().int() }),
    CertificationSettings,
  ),
  saveSopValidity: rpc(
    'observation',
    'certifications.settings.sop',
    z.object({
      actor: Actor,
      documentId: z.number().int(),
      validityMonths: z.number().int().nullable(),
    }),
    CertificationSettings,
  ),
} as const;
