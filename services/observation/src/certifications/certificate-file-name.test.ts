import { describe, expect, it } from 'vitest';
import { certificateFileName } from './certificate-file-name.js';

describe("a certificate's file name", () => {
  it('transliterates accented letters instead of dropping them', () => {
    expect(certificateFileName('Food Safety', 'María Núñez', 7)).toBe(
      'certificate-food-safety-maria-nunez.pdf',
    );
    expect(certificateFileName('Hygiène', 'François Lefèvre', 7)).toBe(
      'certificate-hygiene-francois-lefevre.pdf',
    );
  });

  it('keeps letters of other scripts, and falls back to the id without any letter', () => {
    expect(certificateFileName('Безопасность', 'Мария', 7)).toBe(
      'certificate-безопасность-мария.pdf',
    );
    expect(certificateFileName('!!!', '???', 7)).toBe('certificate-7.pdf');
  });

  it('stays short', () => {
    const name = certificateFileName('a'.repeat(200), 'b', 7);
    expect(name).toBe(`certificate-${'a'.repeat(80)}.pdf`);
  });
});
