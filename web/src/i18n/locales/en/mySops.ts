/** The caller's own SOPs (web/src/my-sops). */
export const mySops = {
  title: 'My SOPs',
  loading: 'Loading your SOPs...',
  loadFailed: 'Failed to load your SOPs',
  empty: 'No SOPs yet: they come with your courses, job functions and certifications.',
  version: 'Version {{version}}',
  newVersion: 'New version to acknowledge',
  reasons: {
    course: 'Course: {{name}}',
    job_function: 'Job function: {{name}}',
    certification: 'Certification: {{name}}',
  },
  page: {
    loading: 'Loading the SOP...',
    heading: 'SOP',
    notFound: 'Document not found',
    loadFailed: 'The SOP could not be loaded: {{message}}',
    whyYours: 'Why this SOP is yours',
    views: 'SOP views',
    content: 'Content',
    pdfPreview: 'PDF preview',
    pdfPreviewOf: 'PDF preview of {{title}}',
    openPdf: 'Open the PDF',
    offlineCopy:
      'No connection: this is the offline copy, version {{version}}, kept on this device when you last opened it. It may not be the current version.',
    newVersion: 'Version {{version}} is new: please read it and acknowledge it.',
    seeChanges: 'See what changed',
    acknowledge: 'Acknowledge',
  },
} as const;
