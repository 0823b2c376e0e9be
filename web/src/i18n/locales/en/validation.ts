/**
 * A request field the server refused (error code `invalid_field`): the rule it broke, by proto's
 * VALIDATION_RULES (camelCase here: a key ending in _many would read as a plural), and the field's name when the page does not show it beside the field. An
 * English reader sees the schema's own sentence; these are for the other languages' readers
 * and kept here so every language has the same keys.
 */
export const validation = {
  withField: '{{field}}: {{text}}',
  rules: {
    required: 'This field is required.',
    tooShort: 'Enter at least {{minimum}} characters.',
    tooLong: 'Enter at most {{maximum}} characters.',
    tooSmall: 'Enter a number of at least {{minimum}}.',
    tooBig: 'Enter a number of at most {{maximum}}.',
    tooFew: 'Add at least {{minimum}}.',
    tooMany: 'Add at most {{maximum}}.',
    email: 'Enter a valid email address.',
    url: 'Enter a valid web address (https://...).',
    format: 'This value is not in the expected format.',
    choice: 'Choose one of the options offered.',
    invalid: 'This value is not valid.',
  },
  /** The last part of the field's path ('questions.0.text' is 'text'). */
  fields: {
    name: 'Name',
    title: 'Title',
    description: 'Description',
    email: 'Email',
    password: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Password confirmation',
    message: 'Message',
    text: 'Text',
    fileName: 'File name',
    category: 'Category',
    reason: 'Reason',
    options: 'Options',
    questions: 'Questions',
    passMark: 'Pass mark',
    baseUrl: 'API base URL',
    url: 'Address',
    timeZone: 'Time zone',
    label: 'Label',
    dueDate: 'Due date',
    note: 'Note',
    duration: 'Duration',
    department: 'Department',
    rating: 'Rating',
    domain: 'Domain',
  },
} as const;
