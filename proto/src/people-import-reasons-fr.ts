import type { PeopleImportReasonCode } from './people-imports.js';

/**
 * PEOPLE_IMPORT_REASONS in French, declared once for both sides that word them: the server's
 * catalog (@hub/kit's rejected-rows CSV) and the web app's
 * (web/src/i18n/locales/fr/people-import.ts, where `{name}` is i18next's `{{name}}`).
 * `{name}` is a part filled in from the row; the role and column words stay as the server reads
 * them.
 */
export const PEOPLE_IMPORT_REASONS_FR: Record<PeopleImportReasonCode, string> = {
  email_missing: 'E-mail manquant.',
  email_too_long: 'L’e-mail dépasse {limit} caractères.',
  email_invalid: '« {email} » n’est pas une adresse e-mail valide.',
  email_duplicate: 'E-mail en double : déjà présent ligne {row}.',
  extra_cells: 'Cette ligne a plus de cellules que l’en-tête.',
  name_missing: 'Nom manquant.',
  name_too_long: 'Le nom dépasse {limit} caractères.',
  super_admin_role: 'Le rôle de super-administrateur ne peut pas être importé.',
  role_unknown:
    'Rôle inconnu « {role} » (administrateur, responsable formation, manager ou opérateur).',
  job_functions_too_long: 'Les postes dépassent {limit} caractères.',
  job_function_unknown: 'Poste inconnu « {name} ».',
  language_unknown: 'Langue inconnue « {language} » ({languages}).',
  time_zone_unknown: 'Fuseau horaire inconnu « {timeZone} ».',
  email_domain_of_another_organization:
    'Le domaine de cet e-mail appartient à une autre organisation.',
  email_of_another_organization: 'Cet e-mail est déjà utilisé par une autre organisation.',
  super_admin_unchangeable: 'Le super-administrateur ne peut pas être modifié par un import.',
  own_role_unchangeable: 'Votre propre rôle ne peut pas être modifié par un import.',
  email_in_use: 'Cet e-mail est déjà utilisé.',
};
