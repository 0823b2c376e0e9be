import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { CertificationKind, CertificationState, Language } from '@hub/proto';
import { longDate, messages } from '@hub/kit';

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
  /** The holder's language: the certificate is theirs. */
  language: Language;
  /**
   * The IANA zone its dates fall in: the holder's (their choice, else their device's), else
   * their organization's default, else UTC, as identity's `languagesOf` answers it.
   */
  timeZone: string;
}

/**
 * The standard fonts encode WinAnsi only; anything else would make pdf-lib throw. WinAnsi holds
 * Latin-1 and the typographic quotes and dashes French and Spanish texts use.
 */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\xA0-\xFF\u2018\u2019\u201C\u201D\u2013\u2014\u0152\u0153]/g, '?');

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
  const m = messages(content.language).certificate;
  const date = (value: Date) => longDate(value, content.language, content.timeZone);
  pdf.setTitle(
    `${m.documentTitle} - ${printable(content.title)} - ${printable(content.holderName)}`,
  );
  pdf.setLanguage(content.language);
  pdf.setProducer('Frontline Hub');
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: GREEN, borderWidth: 3 });
  centred(page, m.title, 480, bold, 32, BLACK);
  centred(page, m.certifies, 420, regular, 14, GREY);
  centred(page, content.holderName, 380, bold, 26, BLACK);
  centred(page, content.kind === 'sop' ? m.passedSop : m.completedCourse, 340, regular, 14, GREY);
  centred(page, content.title, 300, bold, 20, BLACK);
  centred(page, m.issued({ date: date(content.issuedAt) }), 240, regular, 13, BLACK);
  centred(page, m.validUntil({ date: date(content.expiresAt) }), 220, regular, 13, BLACK);
  centred(page, m.status({ state: m.states[content.state] }), 200, regular, 11, GREY);
  centred(page, m.code({ code: content.verificationCode }), 120, bold, 14, BLACK);
  centred(page, m.verifyAt({ url: content.verifyUrl }), 100, regular, 10, GREY);
  return pdf.save();
}
