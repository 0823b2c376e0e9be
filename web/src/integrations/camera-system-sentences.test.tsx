import type { CameraList } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { applyLanguage, i18n } from '../i18n/i18n';
import { CameraListNotice } from './CameraDialog';
import { cameraFailureText, connectionTestText } from './format';

afterEach(() => applyLanguage('en'));

const reader = async (language: 'es' | 'fr') => {
  applyLanguage(language);
  await i18n.changeLanguage(language);
};

const notice = (message: string) =>
  renderToStaticMarkup(
    createElement(CameraListNotice, {
      list: { success: false, message, technicalDetails: {}, cameras: [] } satisfies CameraList,
    }),
  );

// The camera list's and the camera lookups' own sentences (an answer too large, a camera not
// found in the pages read) were shown in English to Spanish and French readers.
describe("the camera system's answers the service could not use", () => {
  it("are worded in the reader's language in the camera list's notice", async () => {
    const tooLarge =
      'The camera system sent a page of cameras larger than the 8 MB this service accepts.';
    await reader('es');
    expect(notice(tooLarge)).toContain(
      'El sistema de cámaras envió una página de cámaras mayor que los 8 MB que acepta este servicio.',
    );
    expect(
      notice('The camera system did not answer within the 50 s its camera pages may take.'),
    ).toContain(
      'El sistema de cámaras no respondió en los 50 s que pueden llevar sus páginas de cámaras.',
    );
    await reader('fr');
    expect(notice(tooLarge)).toContain(
      'Le système de caméras a envoyé une page de caméras dépassant les 8 Mo que ce service accepte.',
    );
    expect(notice('The camera system answered something that is not JSON.')).toContain(
      'Le système de caméras a répondu quelque chose qui n’est pas du JSON.',
    );
  });

  it("are worded in the reader's language as a connection test's message", async () => {
    await reader('fr');
    expect(
      connectionTestText(
        'The camera system sent a sign-in answer larger than the 8 MB this service accepts.',
      ),
    ).toBe(
      'Le système de caméras a envoyé une réponse de connexion dépassant les 8 Mo que ce service accepte.',
    );
  });

  it("word a camera's assignment refused for the camera system's answers, its counts in the reader's digits", async () => {
    const refused = (message: string) =>
      cameraFailureText(new ApiError(503, message), 'Failed to assign camera');
    await reader('es');
    expect(refused('The camera is not among the first 20,000 cameras of the camera system.')).toBe(
      'La cámara no está entre las primeras 20.000 cámaras del sistema de cámaras.',
    );
    expect(
      refused('The camera system answered too slowly: the camera was not found within 50 s.'),
    ).toBe('El sistema de cámaras respondió demasiado despacio: la cámara no se encontró en 50 s.');
    await reader('fr');
    expect(
      refused(
        'The camera system answers fewer than 10 cameras a page: the camera was not in its first 2,001 pages.',
      ),
    ).toBe(
      'Le système de caméras renvoie moins de 10 caméras par page : la caméra n’était pas dans ses 2\u202f001 premières pages.',
    );
    // A camera system's own words, and the fallback, as they are.
    expect(refused('Camera offline for upkeep')).toBe('Camera offline for upkeep');
    expect(cameraFailureText(new Error('x'), 'Échec')).toBe('Échec');
  });

  it('are the stored English for an English reader', () => {
    const stored = 'The camera system sent a snapshot larger than the 20 MB this service accepts.';
    expect(notice(stored)).toContain(stored);
  });
});
