/**
 * What the recommendation rules say, by proto's RECOMMENDATION_TEXT_KEYS, EVIDENCE_LABELS and
 * EVIDENCE_VALUES (the server sends the key and its parts; names and titles stay as written).
 * Counts are worded by `counts` first and passed in as text, so a sentence needs no plural of
 * its own.
 */
export const recommendationTexts = {
  counts: {
    days_one: '{{count}} day',
    days_many: '{{count}} days',
    days_other: '{{count}} days',
    people_one: '{{count}} person',
    people_many: '{{count}} people',
    people_other: '{{count}} people',
    observations_one: '{{count}} observation',
    observations_many: '{{count}} observations',
    observations_other: '{{count}} observations',
    operators_one: '{{count}} operator',
    operators_many: '{{count}} operators',
    operators_other: '{{count}} operators',
    videos_one: '{{count}} analysed video',
    videos_many: '{{count}} analysed videos',
    videos_other: '{{count}} analysed videos',
  },
  texts: {
    certification_expiring_unscheduled: {
      title: 'Renew {{holder}}\'s certification "{{title}}"',
      description:
        '{{holder}}\'s certification "{{title}}" expires in {{days}} and no observation is scheduled. A passed observation renews it.',
      action: 'Schedule an observation',
    },
    sop_reobservation_needed: {
      title: 'Observe {{people}} again on "{{title}}"',
      description:
        'Version {{versions}} of "{{title}}" changed a safety-relevant section: {{people}} certified on it must be observed again. A passed observation clears it.',
      action: 'Start an observation',
    },
    sop_pass_rate_below_mark: {
      title: 'Retrain on "{{title}}"',
      description:
        'Over the last {{days}}, observations on "{{title}}" averaged {{average}}, below the pass mark of {{passMark}} ({{passed}} of {{observations}} passed). Enrol the people concerned in a course on it.',
      action: 'Enrol in a course',
    },
    question_missed_by_most: {
      title: 'Clarify a step of "{{title}}"',
      description:
        '{{missed}} of {{observed}} observed missed "{{question}}". The SOP step behind it may be unclear: review the step and the question.',
      action: 'Review the evaluation',
    },
    supervisor_idle: {
      title: 'Plan observations with {{name}}',
      description: '{{name}} has not observed anyone for more than {{days}} (last on {{date}}).',
      action: 'Schedule an observation',
    },
    supervisor_never_observed: {
      title: 'Plan observations with {{name}}',
      description: '{{name}} is a training supervisor and has not observed anyone yet.',
      action: 'Schedule an observation',
    },
    evaluation_draft: {
      title: 'Publish the evaluation of "{{title}}"',
      description:
        '"{{title}}" has a draft evaluation waiting for review; until it is published, nobody can be observed on this SOP.',
      action: 'Review and publish the evaluation',
    },
    evaluation_missing: {
      title: 'Generate an evaluation for "{{title}}"',
      description: '"{{title}}" has no evaluation; nobody can be observed on this SOP.',
      action: 'Regenerate the evaluation',
    },
    document_processing_failed: {
      title: 'Re-process "{{title}}"',
      description:
        'Processing "{{title}}" failed (the reason is below); the upload cannot be used for training until it is processed again.',
      action: 'Re-process the document',
    },
    video_operators_unidentified: {
      title: 'Add profile pictures so operators are identified in videos',
      description:
        '{{operators}} detected in {{videos}} could not be identified. Ask them to add a clear profile picture (Profile page), then analyse the videos again.',
      action: 'Review the videos',
    },
  },
  evidence: {
    holder: 'Holder',
    certification: 'Certification',
    expires: 'Expires',
    sop: 'SOP',
    average_score: 'Average score',
    pass_mark: 'Pass mark',
    passed: 'Passed',
    question: 'Question',
    missed_by: 'Missed by',
    supervisor: 'Supervisor',
    last_observation: 'Last observation',
    evaluation: 'Evaluation',
    document: 'Document',
    error: 'Error',
  },
  values: {
    count_of: '{{count}} of {{total}}',
    people_of_one: '{{count}} of {{total}} people',
    people_of_many: '{{count}} of {{total}} people',
    people_of_other: '{{count}} of {{total}} people',
    never: 'Never',
    draft: 'Draft',
    none: 'None',
    reobservation_since: 'Needs re-observation since version {{version}} ({{date}})',
    identified_of_one: '{{count}} of {{total}} identified',
    identified_of_many: '{{count}} of {{total}} identified',
    identified_of_other: '{{count}} of {{total}} identified',
  },
} as const;
