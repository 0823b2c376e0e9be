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
});
