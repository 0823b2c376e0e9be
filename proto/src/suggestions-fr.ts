import type { SuggestionCode } from './suggestions.js';

/**
 * SUGGESTIONS in French, for the web app's catalog (web/src/i18n/locales/fr/suggestions.ts,
 * where `{name}` is i18next's `{{name}}`). `{name}` is a part the service filled in.
 */
export const SUGGESTIONS_FR: Record<SuggestionCode, string> = {
  try_again_later: 'Réessayez plus tard.',
  camera_check_address: 'Vérifiez l’URL de base de l’API et que le serveur peut la joindre.',
  camera_check_credentials: 'Vérifiez l’ID client et le secret client de l’intégration.',
  camera_check_system_up:
    'Vérifiez que le système de caméras fonctionne et que le serveur peut le joindre.',
  camera_grant_access:
    'Demandez à l’administrateur du système de caméras d’accorder l’accès à ce client API.',
  camera_limit_client:
    'Limitez le client API de cette intégration aux caméras que la plateforme doit voir.',
  camera_page_size:
    'Demandez à l’administrateur du système de caméras d’autoriser le client API de cette intégration à lire au moins {pageMin} caméras par page.',
  camera_try_later_or_limit_client:
    'Réessayez plus tard ou limitez le client API de cette intégration aux caméras que la plateforme doit voir.',
};
