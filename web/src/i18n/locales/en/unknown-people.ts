/**
 * Unknown people of the videos. Each is labelled by the number the server gives it ("Unknown
 * person 3"); the server's English `label` is kept for API clients.
 */
export const unknownPeople = {
  title: 'Unknown people',
  description:
    'Faces that match no member, grouped across your videos. Name one to name every appearance.',
  loadFailed: 'Failed to load unknown people',
  loading: 'Loading unknown people...',
  empty: 'Every face in your analysed videos matches a member.',
  faceOf: 'Face of {{label}}',
  lastSeen: 'Last seen {{date}}',
  summary: '{{label}}: {{videos}}, {{appearances}}',
  videos_one: '{{count}} video',
  videos_many: '{{count}} videos',
  videos_other: '{{count}} videos',
  appearances_one: '{{count}} appearance',
  appearances_many: '{{count}} appearances',
  appearances_other: '{{count}} appearances',
  unknownPerson: 'Unknown person',
  label: 'Unknown person {{number}}',
  namedSummary: '{{faces}} in {{videos}}.',
  namedFaces_one: '{{count}} face named',
  namedFaces_many: '{{count}} faces named',
  namedFaces_other: '{{count}} faces named',
  namedLeft_one: '{{count}} face could not be named now and stays listed.',
  namedLeft_many: '{{count}} faces could not be named now and stay listed.',
  namedLeft_other: '{{count}} faces could not be named now and stay listed.',
  personFailed: 'Failed to load this person',
  whoIsThis: 'Who is this?',
  nameAll: 'Name every appearance',
  loadingFaces: 'Loading faces...',
  faceIn: 'Face in {{title}}',
  recorded: 'Recorded {{date}} · seen {{times}}',
  named: 'Unknown person named',
  notNamed: 'Not named',
  tryAgain: 'Please try again.',
} as const;
