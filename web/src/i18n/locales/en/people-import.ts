import { PEOPLE_IMPORT_REASONS } from '@hub/proto';
import { protoTexts } from '../proto-texts';

/**
 * Why a row is refused, by proto's PEOPLE_IMPORT_REASONS code: the server's own sentences, kept in
 * one place. An English reader sees the row's reason as the server wrote it; these are the words
 * the other languages follow. `{{limit}}` and `{{row}}` are numbers, grouped for the reader.
 */
const reasons = protoTexts(PEOPLE_IMPORT_REASONS);

/**
 * Importing people from a spreadsheet. The column names in `columns` (email, name, role, ...)
 * are headers the server reads (csv-rows.ts HEADER_NAMES): it reads them in English, Spanish and
 * French, so each language names its own and the English ones.
 */
export const peopleImport = {
  title: 'Import people',
  subtitle:
    'Invite a whole team from a spreadsheet. Every row is checked before anyone is invited.',
  back: 'Back to the team',
  chooseTitle: '1. Choose a CSV file',
  columns:
    'Columns, named in the first row: <b>email</b>, <b>name</b> (or <b>first name</b> and <b>last name</b>), <b>role</b> (admin, training supervisor, manager or operator; blank: operator for someone new, unchanged for a member), <b>job functions</b> (several separated by <code>;</code>, <code>|</code> or <code>,</code>), and optionally <b>language</b> and <b>time zone</b>. Spanish and French column names are read too, in any case, with or without accents.',
  saveAs:
    'Save from Excel as "CSV UTF-8", or download from Google Sheets as CSV. At most 100,000 rows.',
  organization: 'Organization',
  chooseOrganization: 'Choose an organization',
  file: 'CSV file (UTF-8, up to 10 MB)',
  checking: 'Checking every row…',
  checkTitle: '2. Check what would happen',
  rows_one: '{{fileName}}: {{rows}} row.',
  rows_many: '{{fileName}}: {{rows}} rows.',
  rows_other: '{{fileName}}: {{rows}} rows.',
  plan: { create: 'New members', update: 'Updated', unchanged: 'Unchanged', refused: 'Refused' },
  updateExisting:
    'Update existing members (name, role, language, time zone; job functions are added)',
  apply_one: 'Apply: invite {{n}} person',
  apply_many: 'Apply: invite {{n}} people',
  apply_other: 'Apply: invite {{n}} people',
  refused: 'Refused rows',
  refusedFirst: 'Refused rows (the first {{shown}} of {{total}})',
  row: 'Row',
  email: 'Email',
  reason: 'Reason',
  reasons,
  importTitle: '3. Import',
  progress: 'Import progress',
  /** The report's figures, each worded by its own number (`n`: the number formatted). */
  counts: {
    created_one: '{{n}} created',
    created_many: '{{n}} created',
    created_other: '{{n}} created',
    updated_one: '{{n}} updated',
    updated_many: '{{n}} updated',
    updated_other: '{{n}} updated',
    unchanged_one: '{{n}} unchanged',
    unchanged_many: '{{n}} unchanged',
    unchanged_other: '{{n}} unchanged',
    refused_one: '{{n}} not imported',
    refused_many: '{{n}} not imported',
    refused_other: '{{n}} not imported',
    invited_one: '{{n}} invitation sent',
    invited_many: '{{n}} invitations sent',
    invited_other: '{{n}} invitations sent',
  },
  report: '{{created}}, {{updated}}, {{unchanged}}, {{refused}}; {{invited}}.',
  downloadRefused: 'Download the rows not imported (CSV)',
  another: 'Choose another file above to import more people.',
  resume: 'Resume the import',
  resumeHint: 'The lines already applied are kept; resuming goes on from where it stopped.',
  state: {
    rows_one: '{{processed}} of {{total}} row',
    rows_many: '{{processed}} of {{total}} rows',
    rows_other: '{{processed}} of {{total}} rows',
    waiting: 'Waiting to start…',
    running: 'Importing: {{rows}}, {{invited}}',
    done: 'Done: {{rows}}',
    failed: 'The import stopped: {{error}}',
    unknownError: 'unknown error',
  },
} as const;
