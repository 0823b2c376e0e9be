import { describe, expect, it } from 'vitest';
import { certificateFileName } from './certificate-file-name.js';

describe("a certificate's file name", () => {
  it('transliterates accented letters instead of dropping them', () => {
    expect(certificateFileName('Food Safety', 'María Núñez', 7, 'en')).toBe(
      'certificate-food-safety-maria-nunez.pdf',
    );
    expect(certificateFileName('Hygiène', 'François Lefèvre', 7, 'en')).toBe(
      'certificate-hygiene-francois-lefevre.pdf',
    );
  });

  it('keeps letters of other scripts, and falls back to the id without any letter', () => {
    expect(certificateFileName('Безопасность', 'Мария', 7, 'en')).toBe(
      'certificate-безопасность-мария.pdf',
    );
    expect(certificateFileName('!!!', '???', 7, 'en')).toBe('certificate-7.pdf');
  });

  // Named as the certificate inside is titled: a Spanish holder's PDF reads "Certificado de
  // Competencia", and was saved as certificate-….pdf.
  it("is named in the holder's language, as the certificate it holds", () => {
    expect(certificateFileName('Seguridad alimentaria', 'María Núñez', 7, 'es')).toBe(
      'certificado-seguridad-alimentaria-maria-nunez.pdf',
    );
    expect(certificateFileName('Hygiène', 'François Lefèvre', 7, 'fr')).toBe(
      'certificat-hygiene-francois-lefevre.pdf',
    );
    expect(certificateFileName('!!!', '???', 7, 'es')).toBe('certificado-7.pdf');
  });

  it('stays short', () => {
    const name = certificateFileName('a'.repeat(200), 'b', 7, 'en');
    expect(name).toBe(`certificate-${'a'.repeat(80)}.pdf`);
  });
});
