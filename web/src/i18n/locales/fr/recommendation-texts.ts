import type { Catalog } from '../en';

export const recommendationTexts: Catalog['recommendationTexts'] = {
  counts: {
    days_one: '{{count}} jour',
    days_many: '{{count}} jours',
    days_other: '{{count}} jours',
    people_one: '{{count}} personne',
    people_many: '{{count}} personnes',
    people_other: '{{count}} personnes',
    observations_one: '{{count}} observation',
    observations_many: '{{count}} observations',
    observations_other: '{{count}} observations',
    operators_one: '{{count}} opérateur',
    operators_many: '{{count}} opérateurs',
    operators_other: '{{count}} opérateurs',
    videos_one: '{{count}} vidéo analysée',
    videos_many: '{{count}} vidéos analysées',
    videos_other: '{{count}} vidéos analysées',
  },
  texts: {
    certification_expiring_unscheduled: {
      title: 'Renouveler la certification « {{title}} » de {{holder}}',
      description:
        'La certification « {{title}} » de {{holder}} expire dans {{days}} et aucune observation n’est prévue. Une observation réussie la renouvelle.',
      action: 'Planifier une observation',
    },
    sop_reobservation_needed: {
      title: 'Observer à nouveau {{people}} sur « {{title}} »',
      description:
        'La version {{versions}} de « {{title}} » a modifié une section liée à la sécurité : {{people}} certifiées sur ce mode opératoire doivent être observées à nouveau. Une observation réussie lève la demande.',
      action: 'Démarrer une observation',
    },
    sop_pass_rate_below_mark: {
      title: 'Reformer sur « {{title}} »',
      description:
        'Sur les {{days}} derniers, les observations sur « {{title}} » ont obtenu {{average}} en moyenne, sous le seuil de réussite de {{passMark}} (réussies : {{passed}} sur {{observations}}). Inscrivez les personnes concernées à une formation sur ce mode opératoire.',
      action: 'Inscrire à une formation',
    },
    question_missed_by_most: {
      title: 'Clarifier une étape de « {{title}} »',
      description:
        '{{missed}} sur {{observed}} observées ont raté « {{question}} ». L’étape du mode opératoire est peut-être peu claire : revoyez l’étape et la question.',
      action: 'Revoir l’évaluation',
    },
    supervisor_idle: {
      title: 'Planifier des observations avec {{name}}',
      description:
        '{{name}} n’a observé personne depuis plus de {{days}} (dernière fois le {{date}}).',
      action: 'Planifier une observation',
    },
    supervisor_never_observed: {
      title: 'Planifier des observations avec {{name}}',
      description: '{{name}} est responsable formation et n’a encore observé personne.',
      action: 'Planifier une observation',
    },
    evaluation_draft: {
      title: 'Publier l’évaluation de « {{title}} »',
      description:
        '« {{title}} » a une évaluation en brouillon à relire ; tant qu’elle n’est pas publiée, personne ne peut être observé sur ce mode opératoire.',
      action: 'Relire et publier l’évaluation',
    },
    evaluation_missing: {
      title: 'Générer une évaluation pour « {{title}} »',
      description:
        '« {{title}} » n’a pas d’évaluation ; personne ne peut être observé sur ce mode opératoire.',
      action: 'Régénérer l’évaluation',
    },
    document_processing_failed: {
      title: 'Retraiter « {{title}} »',
      description:
        'Le traitement de « {{title}} » a échoué (motif ci-dessous) ; le fichier ne peut pas servir à la formation tant qu’il n’est pas traité à nouveau.',
      action: 'Retraiter le document',
    },
    video_operators_unidentified: {
      title: 'Ajouter des photos de profil pour identifier les opérateurs dans les vidéos',
      description:
        '{{operators}} détectés dans {{videos}} n’ont pas pu être identifiés. Demandez-leur d’ajouter une photo de profil nette (page Profil), puis relancez l’analyse des vidéos.',
      action: 'Voir les vidéos',
    },
  },
  evidence: {
    holder: 'Titulaire',
    certification: 'Certification',
    expires: 'Expire le',
    sop: 'Mode opératoire',
    average_score: 'Score moyen',
    pass_mark: 'Seuil de réussite',
    passed: 'Réussies',
    question: 'Question',
    missed_by: 'Ratée par',
    supervisor: 'Responsable formation',
    last_observation: 'Dernière observation',
    evaluation: 'Évaluation',
    document: 'Document',
    error: 'Erreur',
  },
  values: {
    count_of: '{{count}} sur {{total}}',
    people_of_one: '{{count}} personne sur {{total}}',
    people_of_many: '{{count}} de personnes sur {{total}}',
    people_of_other: '{{count}} personnes sur {{total}}',
    never: 'Jamais',
    draft: 'Brouillon',
    none: 'Aucune',
    reobservation_since: 'À observer à nouveau depuis la version {{version}} ({{date}})',
    identified_of_one: '{{count}} identifié sur {{total}}',
    identified_of_many: '{{count}} identifiés sur {{total}}',
    identified_of_other: '{{count}} identifiés sur {{total}}',
  },
};
