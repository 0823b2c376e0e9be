import { afterEach, describe, expect, it } from 'vitest';
import { auditAction } from '../audit/format';
import { referenceCountText } from '../faces/format';
import { importProgressText } from '../people-import/format';
import { findingsText, questionPosition, startRequest } from '../observations/format';
import { departmentShares } from '../team/format';
import { unknownPersonSummary } from '../unknown-people/queries';
import { notYetEnrolledText, videoStatus } from '../videos/format';
import { applyLanguage, i18n } from './i18n';

/**
 * Texts built outside components (toasts, badges, format helpers) go through `i18n.t` when they
 * are built, so they follow the language chosen at that moment, plurals included.
 */
describe('texts built by helpers', () => {
  afterEach(() => applyLanguage('en'));

  it('stay as the spec words them in English', () => {
    expect(questionPosition(0, 4)).toBe('Question 1 of 4');
    expect(findingsText(3, 1)).toBe('3 findings (1 open)');
    expect(auditAction('sign-in.saml')).toBe('Sign in saml');
    expect(auditAction('some.new-action')).toBe('Some new action');
  });

  it('follow a change to Spanish at once, with its plural forms', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(questionPosition(2, 10)).toBe('Pregunta 3 de 10');
    expect(findingsText(1, 0)).toBe('1 hallazgo');
    expect(findingsText(3, 1)).toBe('3 hallazgos (1 abierto)');
    expect(findingsText(3, 2)).toBe('3 hallazgos (2 abiertos)');
    expect(
      videoStatus({ analysisStatus: 'completed', analysisError: null, progress: null }).label,
    ).toBe('Terminado');
    expect(notYetEnrolledText(['Ana'])).toContain('Ana aún no estaba registrado');
    expect(notYetEnrolledText(['Ana', 'Bo'])).toContain('Ana y Bo aún no estaban registrados');
    expect(
      departmentShares({ admin: 1, training_supervisor: 0, manager: 0, operator: 3 })[3],
    ).toMatchObject({ label: 'Operarios', share: 75 });
    expect(unknownPersonSummary({ label: 'X', videos: 1, appearances: 2 })).toBe(
      'X: 1 vídeo, 2 apariciones',
    );
    const missing = startRequest({ operatorId: '', documentId: '', initialNotes: '' }, []);
    expect('error' in missing && missing.error.title).toBe('Faltan datos');
  });

  it('follow a change to French, and fall back to the words of an action the catalog lacks', async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(auditAction('user.delete')).toBe('Utilisateur supprimé');
    expect(auditAction('some.new-action')).toBe('Some new action');
    expect(referenceCountText({ references: [{ status: 'ready' }], limit: 5 })).toBe(
      '1 photo de référence sur 5',
    );
    expect(
      importProgressText({
        id: 1,
        state: 'failed',
        totalRows: 0,
        processedRows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        refused: 0,
        invited: 0,
        error: null,
      } as Parameters<typeof importProgressText>[0]),
    ).toBe('L’import s’est arrêté : erreur inconnue');
  });
});
