import type { Integration } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { CameraSystemCard } from './CameraSystemCard';

afterEach(() => applyLanguage('en'));

const tested = (lastTestStatus: Integration['lastTestStatus'], lastTestMessage: string) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(CameraSystemCard, {
        integration: {
          id: 1,
          integrationType: 'camera_cloud',
          baseUrl: 'https://cameras.example.com',
          lastTestStatus,
          lastTestMessage,
          lastTestedAt: '2026-12-01T10:00:00.000Z',
          createdAt: '2026-12-01T09:00:00.000Z',
        },
        loading: false,
        onSetUp: () => undefined,
        onManage: () => undefined,
      }),
    ),
  );

const inSpanish = async () => {
  applyLanguage('es');
  await i18n.changeLanguage('es');
};

// The last connection test's message was shown to every reader in the English it was stored in.
describe("the camera system card's last connection test", () => {
  it("says the connection works in the reader's language", async () => {
    await inSpanish();
    const card = tested('success', 'Camera system integration is working properly');
    expect(card).toContain('La integración del sistema de cámaras funciona correctamente');
    expect(card).not.toContain('working properly');
  });

  it("frames the camera system's own words in the reader's language, the words as written", async () => {
    await inSpanish();
    expect(
      tested('failed', 'The camera system failed (HTTP 503): Upstream maintenance window'),
    ).toContain('El sistema de cámaras falló (HTTP 503): Upstream maintenance window');
    expect(
      tested(
        'failed',
        'Could not reach the camera system at https://cameras.example.com: connect ECONNREFUSED 10.0.0.5:443.',
      ),
    ).toContain(
      'No se pudo conectar con el sistema de cámaras en https://cameras.example.com: connect ECONNREFUSED 10.0.0.5:443.',
    );
    expect(tested('failed', 'The camera system did not answer within 10 s.')).toContain(
      'El sistema de cámaras no respondió en 10 s.',
    );
    expect(tested('failed', 'The camera system answered no access token.')).toContain(
      'El sistema de cámaras no respondió con un token de acceso.',
    );
  });

  it("keeps a camera system's own refusal as it wrote it", async () => {
    await inSpanish();
    expect(tested('failed', 'Invalid client credentials')).toContain('Invalid client credentials');
  });

  it('is the stored English for an English reader', () => {
    expect(tested('success', 'Camera system integration is working properly')).toContain(
      'Camera system integration is working properly',
    );
  });
});
