import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment-disposition.js';

describe("a certificate download's Content-Disposition", () => {
  it('names the file in UTF-8, with an ASCII fallback', () => {
    expect(attachmentDisposition('certificate-мария.pdf')).toBe(
      `attachment; filename="certificate-_____.pdf"; filename*=UTF-8''certificate-%D0%BC%D0%B0%D1%80%D0%B8%D1%8F.pdf`,
    );
    expect(attachmentDisposition('certificate-maría.pdf')).toBe(
      `attachment; filename="certificate-maria.pdf"; filename*=UTF-8''certificate-mar%C3%ADa.pdf`,
    );
  });

  it('cannot break out of the quoted fallback', () => {
    expect(attachmentDisposition('a"b\\c\'.pdf')).toBe(
      `attachment; filename="a_b_c_.pdf"; filename*=UTF-8''a%22b%5Cc%27.pdf`,
    );
  });
});
