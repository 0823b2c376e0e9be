export const organizationExport = {
  title: 'Organization data',
  description:
    'Every record of your organization (as JSON, people, observations and certifications also as CSV) and every stored file, in one zip with a manifest of checksums.',
  export: 'Export data',
} as const;
