import type { Catalog } from '../en';

export const recommendationTexts: Catalog['recommendationTexts'] = {
  counts: {
    days_one: '{{count}} día',
    days_many: '{{count}} días',
    days_other: '{{count}} días',
    people_one: '{{count}} persona',
    people_many: '{{count}} personas',
    people_other: '{{count}} personas',
    observations_one: '{{count}} observación',
    observations_many: '{{count}} observaciones',
    observations_other: '{{count}} observaciones',
    operators_one: '{{count}} operario',
    operators_many: '{{count}} operarios',
    operators_other: '{{count}} operarios',
    videos_one: '{{count}} video analizado',
    videos_many: '{{count}} videos analizados',
    videos_other: '{{count}} videos analizados',
  },
  texts: {
    certification_expiring_unscheduled: {
      title: 'Renovar la certificación "{{title}}" de {{holder}}',
      description:
        'La certificación "{{title}}" de {{holder}} vence en {{days}} y no hay ninguna observación programada. Una observación aprobada la renueva.',
      action: 'Programar una observación',
    },
    sop_reobservation_needed: {
      title: 'Volver a observar a {{people}} en "{{title}}"',
      description:
        'La versión {{versions}} de "{{title}}" cambió una sección de seguridad: hay que volver a observar a {{people}} certificadas en este SOP. Una observación aprobada lo resuelve.',
      action: 'Empezar una observación',
    },
    sop_pass_rate_below_mark: {
      title: 'Volver a formar en "{{title}}"',
      description:
        'En los últimos {{days}}, las observaciones de "{{title}}" dieron un promedio de {{average}}, por debajo de la nota mínima de {{passMark}} (aprobadas: {{passed}} de {{observations}}). Inscribe a las personas en un curso sobre este SOP.',
      action: 'Inscribir en un curso',
    },
    question_missed_by_most: {
      title: 'Aclarar un paso de "{{title}}"',
      description:
        '{{missed}} de {{observed}} observadas fallaron "{{question}}". Puede que el paso del SOP no esté claro: revisa el paso y la pregunta.',
      action: 'Revisar la evaluación',
    },
    supervisor_idle: {
      title: 'Planificar observaciones con {{name}}',
      description:
        '{{name}} no ha observado a nadie en más de {{days}} (la última vez el {{date}}).',
      action: 'Programar una observación',
    },
    supervisor_never_observed: {
      title: 'Planificar observaciones con {{name}}',
      description: '{{name}} es supervisor de formación y todavía no ha observado a nadie.',
      action: 'Programar una observación',
    },
    evaluation_draft: {
      title: 'Publicar la evaluación de "{{title}}"',
      description:
        '"{{title}}" tiene una evaluación en borrador pendiente de revisión; mientras no se publique, nadie puede ser observado en este SOP.',
      action: 'Revisar y publicar la evaluación',
    },
    evaluation_missing: {
      title: 'Generar una evaluación para "{{title}}"',
      description: '"{{title}}" no tiene evaluación; nadie puede ser observado en este SOP.',
      action: 'Volver a generar la evaluación',
    },
    document_processing_failed: {
      title: 'Volver a procesar "{{title}}"',
      description:
        'Falló el procesamiento de "{{title}}" (el motivo está abajo); el archivo no se puede usar para formación hasta que se procese de nuevo.',
      action: 'Volver a procesar el documento',
    },
    video_operators_unidentified: {
      title: 'Agregar fotos de perfil para identificar a los operarios en los videos',
      description:
        'No se pudo identificar a {{operators}} detectados en {{videos}}. Pídeles que suban una foto de perfil clara (página Perfil) y vuelve a analizar los videos.',
      action: 'Revisar los videos',
    },
  },
  evidence: {
    holder: 'Titular',
    certification: 'Certificación',
    expires: 'Vence',
    sop: 'SOP',
    average_score: 'Promedio',
    pass_mark: 'Nota mínima',
    passed: 'Aprobadas',
    question: 'Pregunta',
    missed_by: 'Fallada por',
    supervisor: 'Supervisor',
    last_observation: 'Última observación',
    evaluation: 'Evaluación',
    document: 'Documento',
    error: 'Error',
  },
  values: {
    count_of: '{{count}} de {{total}}',
    people_of_one: '{{count}} de {{total}} personas',
    people_of_many: '{{count}} de {{total}} personas',
    people_of_other: '{{count}} de {{total}} personas',
    never: 'Nunca',
    draft: 'Borrador',
    none: 'Ninguna',
    reobservation_since: 'Hay que volver a observarlo desde la versión {{version}} ({{date}})',
    identified_of_one: '{{count}} identificado de {{total}}',
    identified_of_many: '{{count}} identificados de {{total}}',
    identified_of_other: '{{count}} identificados de {{total}}',
  },
};
