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
