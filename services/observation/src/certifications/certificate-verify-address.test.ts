import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import type { ObservationConfig } from '../config.js';
import type { CertificationRow, CertificationsRepository } from './certifications.repository.js';
import { CertificationsService } from './certifications.service.js';

const CODE = 'ABCD-EFGH-JKMN';

const row: CertificationRow = {
  id: 7,
  organization_id: 1,
  user_id: 2,
  holder_name: 'Otto Operator',
  kind: 'sop',
  subject_id: 3,
  title: 'Cooling cooked food',
  observation_id: null,
  observer_id: null,
  score: null,
  validity_months: 12,
  issued_at: new Date('2026-01-31T12:00:00Z'),
  expires_at: new Date('2099-01-31T12:00:00Z'),
  verification_code: CODE,
  revoked_at: null,
  revoked_reason: null,
  notified_state: null,
  reobservation_version: null,
  reobservation_since: null,
};

/** The certificate's PDF as the service prints it, PUBLIC_URL written with a trailing slash. */
async function printed(): Promise<Buffer> {
  const repository = { find: () => Promise.resolve(row) } as unknown as CertificationsRepository;
  const rpc = {
    call: () => Promise.resolve([{ userId: 2, language: 'en', timeZone: 'UTC' }]),
  } as unknown as RpcClient;
  const config = { PUBLIC_URL: 'https://hub.example.com/' } as ObservationConfig;
  const service = new CertificationsService(repository, rpc, config, {} as WebhookAnnouncer);
  const actor = { userId: 2, organizationId: 1, role: 'operator' } as Actor;
  const file = await service.certificate(actor, row.id);
  return Buffer.from(file.pdfBase64, 'base64');
}

/** The texts a PDF draws (pdf-lib writes each as a hex string in a deflated content stream). */
function drawnTexts(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    }
  }
  return texts;
}

/**
 * The "Verify at" address led a reader of the paper (an auditor, an inspector, another employer,
 * not signed in) to the JSON API: English keys and ISO dates. It leads to the web app's public
 * page, which says it in the reader's language.
 */
describe("the certificate's verification address", () => {
  it("is the web app's public page of the code, not the API", async () => {
    const texts = drawnTexts(await printed());
    expect(texts.find((text) => text.startsWith('Verify at'))).toBe(
      `Verify at https://hub.example.com/verify/${CODE}`,
    );
    expect(texts.join('\n')).not.toContain('/api/');
  });
});
