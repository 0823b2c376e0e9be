import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { CertificationKind, CertificationState } from '@hub/proto';

export interface CertificateContent {
  holderName: string;
  kind: CertificationKind;
  title: string;
  issuedAt: Date;
  expiresAt: Date;
  state: CertificationState;
  verificationCode: string;
  /** Where the code can be checked. */
  verifyUrl: string;
}

const STATE_LABELS: Record<CertificationState, string> = {
  active: 'Active',
  expiring_soon: 'Expiring soon',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** '2026-11-23T…' -> '23 November 2026' (UTC, as every date of the product). */
export const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The standard fonts encode WinAnsi only; anything else would make pdf-lib throw. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: RGB) {
  const safe = printable(text);
  const width = font.widthOfTextAtSize(safe, size);
  page.drawText(safe, {
    x: (page.getWidth() - width) / 2,
    y,
    size,
    font,
    color,
  });
}

/** A one-page landscape A4 certificate with real text (searchable, copyable). */
export async function renderCertificate(content: CertificateContent): Promise<Uint8Array> {
  // pdf-lib (~5 MB of heap) is loaded by the first certificate printed, not at start.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const GREEN = rgb(0.09, 0.4, 0.2);
  const GREY = rgb(0.35, 0.35, 0.35);
  const BLACK = rgb(0, 0, 0);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate - ${printable(content.title)} - ${printable(content.holderName)}`);
  pdf.setProducer('Frontline Hub');
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: GREEN, borderWidth: 3 });
  centred(page, 'Certificate of Competence', 480, bold, 32, BLACK);
  centred(page, 'This certifies that', 420, regular, 14, GREY);
  centred(page, content.holderName, 380, bold, 26, BLACK);
  const what = content.kind === 'sop' ? 'passed an observation of the SOP' : 'completed the course';
  centred(page, `has ${what}`, 340, regular, 14, GREY);
  centred(page, content.title, 300, bold, 20, BLACK);
  centred(page, `Issued ${longDate(content.issuedAt)}`, 240, regular, 13, BLACK);
  centred(page, `Valid until ${longDate(content.expiresAt)}`, 220, regular, 13, BLACK);
  centred(page, `Status when printed: ${STATE_LABELS[content.state]}`, 200, regular, 11, GREY);
  centred(page, `Verification code: ${content.verificationCode}`, 120, bold, 14, BLACK);
  centred(page, `Verify at ${content.verifyUrl}`, 100, regular, 10, GREY);
  return pdf.save();
}
