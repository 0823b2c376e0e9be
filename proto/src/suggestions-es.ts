import type { SuggestionCode } from './suggestions.js';

/**
 * SUGGESTIONS in Spanish, for the web app's catalog (web/src/i18n/locales/es/suggestions.ts,
 * where `{name}` is i18next's `{{name}}`). `{name}` is a part the service filled in.
 */
export const SUGGESTIONS_ES: Record<SuggestionCode, string> = {
  try_again_later: 'Vuelve a intentarlo más tarde.',
  camera_check_address: 'Comprueba la URL base de la API y que el servidor pueda acceder a ella.',
  camera_check_credentials: 'Comprueba el ID de cliente y el secreto de cliente de la integración.',
  camera_check_system_up:
    'Comprueba que el sistema de cámaras esté en marcha y que el servidor pueda acceder a él.',
  camera_grant_access:
    'Pide al administrador del sistema de cámaras que dé acceso a este cliente de API.',
  camera_limit_client:
    'Limita el cliente de API de esta integración a las cámaras que la plataforma debe ver.',
  camera_page_size:
    'Pide al administrador del sistema de cámaras que permita al cliente de API de esta integración leer al menos {pageMin} cámaras por página.',
  camera_try_later_or_limit_client:
    'Vuelve a intentarlo más tarde o limita el cliente de API de esta integración a las cámaras que la plataforma debe ver.',
};
