/** The shared components' texts (web/src/ui): dialogs, lists, empty states, access. */
export const ui = {
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  refresh: 'Refresh',
  /** {{noun}}: the list's plural noun, already translated ('documents'). */
  search: 'Search {{noun}}',
  searchPlaceholder: 'Search {{noun}}...',
  showing: 'Showing {{shown}} of {{total}} {{noun}}',
  pager: { range: '{{first}}–{{last}} of {{total}} {{unit}}', previous: 'Previous', next: 'Next' },
  /** A list's plural noun, for {{noun}} above and in the empty list's texts. */
  nouns: {
    documents: 'documents',
    videos: 'videos',
    courses: 'courses',
    certifications: 'certifications',
    observations: 'observations',
    users: 'users',
    notifications: 'notifications',
    entries: 'entries',
    people: 'people',
    teamMembers: 'team members',
    organizations: 'organizations',
    recommendations: 'recommendations',
    cameras: 'cameras',
    deliveries: 'deliveries',
  },
  firstShown: 'The first {{shown}} of {{total}}: type to search',
  loadMore: 'Load more',
  accessRestricted: 'Access Restricted',
  roleHasNoAccess: 'Your role does not give access to this page.',
  emptyList: {
    noMatchSearch: 'No {{noun}} match your search',
    noMatchFilters: 'No {{noun}} match your filters',
    noMatchBoth: 'No {{noun}} match your search and filters',
    searchHint:
      'Nothing matches "{{search}}". Try other words, or clear the search to see every one.',
    filtersHint: 'Clear the filters to see every one.',
    clearSearch: 'Clear search',
    clearBoth: 'Clear search and filters',
  },
  imageFile: {
    notAnImage: 'Please select an image file.',
    adminTooLarge: 'Profile picture must be less than 5MB.',
    profileTooLarge: 'Please select an image smaller than 5MB.',
    notJpegOrPng: 'Please select a JPEG or PNG image.',
  },
} as const;
