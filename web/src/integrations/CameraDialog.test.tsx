import type { CameraList } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { CameraListNotice } from './CameraDialog';

afterEach(() => applyLanguage('en'));

const partial: CameraList = {
  success: false,
  message: 'The camera system answered too slowly to list every camera: the first 1,230 are shown.',
  technicalDetails: {},
  cameras: [],
};

const notice = (list: CameraList) =>
  renderToStaticMarkup(createElement(CameraListNotice, { list }));

describe('the notice of a partial camera list', () => {
  it("reads in the reader's language", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(notice(partial)).toContain(
      'El sistema de cámaras respondió demasiado despacio para listar todas las cámaras: se muestran las primeras 1230.',
    );
  });

  it('is the sentence as the service wrote it for an English reader', () => {
    expect(notice(partial)).toContain(partial.message);
  });

  // The suggestion under the reason was shown as the service wrote it, in English, to every reader.
  it("says what to do in the reader's language, a part filled in kept", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const advised = (suggestion: string) =>
      notice({ ...partial, technicalDetails: { suggestion } });
    expect(
      advised(
        'Try again later, or limit the API client of this integration to the cameras the platform should see.',
      ),
    ).toContain(
      'Vuelve a intentarlo más tarde o limita el cliente de API de esta integración a las cámaras que la plataforma debe ver.',
    );
    expect(
      advised(
        'Ask the camera system administrator to let the API client of this integration read at least 10 cameras a page.',
      ),
    ).toContain(
      'Pide al administrador del sistema de cámaras que permita al cliente de API de esta integración leer al menos 10 cámaras por página.',
    );
    // A camera system's own advice is not one of ours: it is shown as it came.
    expect(advised('Contact support.')).toContain('Contact support.');
  });

  it('says what to do as the service wrote it for an English reader', () => {
    expect(notice({ ...partial, technicalDetails: { suggestion: 'Try again later.' } })).toContain(
      'Try again later.',
    );
  });
});
