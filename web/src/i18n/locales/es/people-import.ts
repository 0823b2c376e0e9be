import type { Catalog } from '../en';

export const peopleImport: Catalog['peopleImport'] = {
  title: 'Importar personas',
  subtitle:
    'Invita a todo un equipo desde una hoja de cálculo. Se revisa cada fila antes de invitar a nadie.',
  back: 'Volver al equipo',
  chooseTitle: '1. Elige un archivo CSV',
  columns:
    'Columnas, con su nombre en la primera fila: <b>email</b>, <b>name</b>, <b>role</b> (admin, training supervisor, manager u operator; vacío: operator para alguien nuevo, sin cambio para un miembro), <b>job functions</b> (varias separadas por <code>;</code>, <code>|</code> o <code>,</code>) y, si quieres, <b>language</b> y <b>time zone</b>.',
  saveAs:
    'En Excel, guarda como "CSV UTF-8"; en Google Sheets, descarga como CSV. Como máximo 100.000 filas.',
  organization: 'Organización',
  chooseOrganization: 'Elige una organización',
  file: 'Archivo CSV (UTF-8, hasta 10 MB)',
  checking: 'Revisando cada fila…',
  checkTitle: '2. Revisa lo que pasaría',
  rows: '{{fileName}}: {{rows}} filas.',
  plan: {
    create: 'Nuevos',
    update: 'Actualizados',
    unchanged: 'Sin cambios',
    refused: 'Rechazados',
  },
  updateExisting:
    'Actualizar a los miembros existentes (nombre, rol, idioma, zona horaria; los puestos se añaden)',
  apply_one: 'Aplicar: invitar a {{n}} persona',
  apply_many: 'Aplicar: invitar a {{n}} de personas',
  apply_other: 'Aplicar: invitar a {{n}} personas',
  refused: 'Filas rechazadas',
  refusedFirst: 'Filas rechazadas (las {{shown}} primeras de {{total}})',
  row: 'Fila',
  email: 'Correo',
  reason: 'Motivo',
  // The role and column words stay as the server reads them (see `columns`).
  reasons: {
    email_missing: 'Falta el correo.',
    email_too_long: 'El correo tiene más de {{limit}} caracteres.',
    email_invalid: '"{{email}}" no es una dirección de correo válida.',
    email_duplicate: 'Correo repetido: ya está en la fila {{row}}.',
    extra_cells: 'Esta fila tiene más celdas que el encabezado.',
    name_missing: 'Falta el nombre.',
    name_too_long: 'El nombre tiene más de {{limit}} caracteres.',
    super_admin_role: 'No se puede importar el rol de superadministrador.',
    role_unknown: 'Rol desconocido "{{role}}" (admin, training supervisor, manager u operator).',
    job_functions_too_long: 'Los puestos tienen más de {{limit}} caracteres.',
    job_function_unknown: 'Puesto desconocido "{{name}}".',
    language_unknown: 'Idioma desconocido "{{language}}" ({{languages}}).',
    time_zone_unknown: 'Zona horaria desconocida "{{timeZone}}".',
    email_domain_of_another_organization:
      'El dominio de este correo pertenece a otra organización.',
    email_of_another_organization: 'Otra organización ya usa este correo.',
    super_admin_unchangeable: 'Una importación no puede cambiar al superadministrador.',
    own_role_unchangeable: 'Una importación no puede cambiar tu propio rol.',
    email_in_use: 'Este correo ya está en uso.',
  },
  importTitle: '3. Importación',
  progress: 'Avance de la importación',
  report:
    '{{created}} creados, {{updated}} actualizados, {{unchanged}} sin cambios, {{refused}} sin importar; {{invited}} invitaciones enviadas.',
  downloadRefused: 'Descargar las filas no importadas (CSV)',
  another: 'Elige otro archivo arriba para importar más personas.',
  resume: 'Reanudar la importación',
  resumeHint: 'Las filas ya aplicadas se conservan; al reanudar, sigue donde se detuvo.',
  state: {
    rows: '{{processed}} de {{total}} filas',
    waiting: 'Esperando para empezar…',
    running: 'Importando: {{rows}}, {{invited}} invitaciones enviadas',
    done: 'Terminado: {{rows}}',
    failed: 'La importación se detuvo: {{error}}',
    unknownError: 'error desconocido',
  },
};
