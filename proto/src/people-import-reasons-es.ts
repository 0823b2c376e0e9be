import type { PeopleImportReasonCode } from './people-imports.js';

/**
 * PEOPLE_IMPORT_REASONS in Spanish, declared once for both sides that word them: the server's
 * catalog (@hub/kit's rejected-rows CSV) and the web app's
 * (web/src/i18n/locales/es/people-import.ts, where `{name}` is i18next's `{{name}}`).
 * `{name}` is a part filled in from the row; the role and column words stay as the server reads
 * them.
 */
export const PEOPLE_IMPORT_REASONS_ES: Record<PeopleImportReasonCode, string> = {
  email_missing: 'Falta el correo.',
  email_too_long: 'El correo tiene más de {limit} caracteres.',
  email_invalid: '"{email}" no es una dirección de correo válida.',
  email_duplicate: 'Correo repetido: ya está en la fila {row}.',
  extra_cells: 'Esta fila tiene más celdas que el encabezado.',
  name_missing: 'Falta el nombre.',
  name_too_long: 'El nombre tiene más de {limit} caracteres.',
  super_admin_role: 'No se puede importar el rol de superadministrador.',
  role_unknown:
    'Rol desconocido "{role}" (administrador, supervisor de formación, gerente u operario).',
  job_functions_too_long: 'Los puestos tienen más de {limit} caracteres.',
  job_function_unknown: 'Puesto desconocido "{name}".',
  language_unknown: 'Idioma desconocido "{language}" ({languages}).',
  time_zone_unknown: 'Zona horaria desconocida "{timeZone}".',
  email_domain_of_another_organization: 'El dominio de este correo pertenece a otra organización.',
  email_of_another_organization: 'Otra organización ya usa este correo.',
  super_admin_unchangeable: 'Una importación no puede cambiar al superadministrador.',
  own_role_unchangeable: 'Una importación no puede cambiar tu propio rol.',
  email_in_use: 'Este correo ya está en uso.',
};
