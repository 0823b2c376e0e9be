import { z } from 'zod';
import {
  folded,
  CREATABLE_ROLES,
  isTimeZone,
  JOB_FUNCTION_SEPARATORS,
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
  PEOPLE_IMPORT_LIMITS as LIMITS,
  peopleImportReason,
  type PeopleImportReasonCode,
  plainText,
  peopleImportReasonOf,
  type RefusedRow,
  type Role,
  ROLE_NAMES,
  supportedLanguage,
} from '@hub/proto';
import { emailDomain } from '../organizations/email-domain.js';
import type { SheetRow } from './csv-rows.js';

/** The role of a new person whose role cell is blank. */
export const NEW_PERSON_ROLE: Role = 'operator';

/** A person as a valid line describes them. */
export interface ImportedPerson {
  email: string;
  name: string;
  /** Null for a blank cell: a new person is an operator, a member keeps their role. */
  role: Role | null;
  jobFunctionIds: number[];
  language: string | null;
  timeZone: string | null;
}

/** Someone who already has the email, as the check needs them. */
export interface ExistingUser {
  id: number;
  organizationId: number;
  name: string;
  role: Role;
  language: string | null;
  timeZone: string | null;
}

/** The organization's job functions, by lower-cased name and each one's members by id. */
export interface JobFunctionIndex {
  byName: ReadonlyMap<string, number>;
  members: ReadonlyMap<number, ReadonlySet<number>>;
}

export function indexJobFunctions(
  list: readonly { id: number; name: string; memberIds: readonly number[] }[],
): JobFunctionIndex {
  return {
    byName: new Map(list.map((entry) => [entry.name.trim().toLowerCase(), entry.id])),
    members: new Map(list.map((entry) => [entry.id, new Set(entry.memberIds)])),
  };
}

export interface RowContext {
  organizationId: number;
  /** Who imports: their own role is never changed by their file. */
  actorUserId: number;
  jobFunctions: JobFunctionIndex;
  existing: ReadonlyMap<string, ExistingUser>;
  /** The organizations holding the batch's email domains, by domain. */
  domainOwners: ReadonlyMap<string, number>;
  /** Email -> the first row that had it: filled in as rows are read. */
  seen: Map<string, number>;
}

export type RowVerdict =
  | { kind: 'refused'; row: number; email: string; reason: string }
  | { kind: 'create'; row: number; person: ImportedPerson }
  | {
      kind: 'existing';
      row: number;
      person: ImportedPerson;
      userId: number;
      changed: boolean;
      roleChanged: boolean;
    };

const Email = z.email();
class Refusal extends Error {}
/**
 * Refuses the row with a sentence of proto's PEOPLE_IMPORT_REASONS: the row keeps its English,
 * and each reader gets it in their language by the code found in it (peopleImportReasonOf).
 */
const refuse = (code: PeopleImportReasonCode, parts: Record<string, string> = {}): never => {
  throw new Refusal(peopleImportReason(code, parts));
};

/** A cell's limit as the English sentence writes it ('2,000'). */
const limit = (characters: number) => ({ limit: characters.toLocaleString('en-US') });

function readEmail(cell: string): string {
  if (!cell) refuse('email_missing');
  if (cell.length > LIMITS.email) refuse('email_too_long', limit(LIMITS.email));
  const email = cell.toLowerCase();
  if (!Email.safeParse(email).success) refuse('email_invalid', { email: cell });
  return email;
}

function readName(cell: string): string {
  const name = plainText(cell).trim();
  if (!name) refuse('name_missing');
  if (name.length > LIMITS.name) refuse('name_too_long', limit(LIMITS.name));
  return name;
}

/**
 * A cell's name as the tables below know it: lower case, without accents, spaces, hyphens or
 * underscores ("Supervisor de formación", "SUPERVISOR DE FORMACION" and "supervisor_de_formacion"
 * alike).
 */
const nameKey = (cell: string): string => folded(cell).replace(/[\s_-]+/g, '');

/**
 * Other words HR files use for a role, besides the app's own names: Spanish "operador" (the app
 * says "operario"), and the feminine forms of the Spanish and French names.
 */
const ROLE_WORDS: Partial<Record<Role, readonly string[]>> = {
  super_admin: ['superadministradora', 'super-administratrice'],
  admin: ['administradora', 'administratrice'],
  training_supervisor: ['supervisora de formación'],
  operator: ['operador', 'operadora', 'operaria', 'opératrice'],
};

/**
 * Every name of each role: its code, its name in each language as the web app shows it, and the
 * other words of ROLE_WORDS.
 */
function roleNames(role: Role): string[] {
  return [
    role,
    ...LANGUAGES.map((language) => ROLE_NAMES[language][role]),
    ...(ROLE_WORDS[role] ?? []),
  ];
}

/** The roles a file may give, by every name of theirs (nameKey). */
const ROLES_BY_NAME: ReadonlyMap<string, Role> = new Map(
  CREATABLE_ROLES.flatMap((role) => roleNames(role).map((name) => [nameKey(name), role] as const)),
);
/** The super administrator, by every name of theirs (and English's long one): refused. */
const SUPER_ADMIN_NAMES: ReadonlySet<string> = new Set(
  [...roleNames('super_admin'), 'super administrator'].map(nameKey),
);

function readRole(cell: string): Role | null {
  if (!cell) return null;
  const key = nameKey(cell);
  if (SUPER_ADMIN_NAMES.has(key)) refuse('super_admin_role');
  return ROLES_BY_NAME.get(key) ?? refuse('role_unknown', { role: cell });
}

function readJobFunctions(cell: string, known: RowContext['jobFunctions']): number[] {
  if (cell.length > LIMITS.jobFunctions)
    refuse('job_functions_too_long', limit(LIMITS.jobFunctions));
  const names = cell
    .split(JOB_FUNCTION_SEPARATORS)
    .map((name) => name.trim())
    .filter(Boolean);
  const ids = names.map(
    (name) => known.byName.get(name.toLowerCase()) ?? refuse('job_function_unknown', { name }),
  );
  return [...new Set(ids)];
}

/**
 * Each language as the other two write it (LANGUAGE_LABELS has it as it writes itself): an HR
 * export's language cell holds a name as often as a code.
 */
const LANGUAGE_NAMES_ELSEWHERE: Record<Language, readonly string[]> = {
  en: ['Inglés', 'Anglais'],
  es: ['Spanish', 'Espagnol'],
  fr: ['French', 'Francés'],
};

/** The product's languages by their names (nameKey). */
const LANGUAGES_BY_NAME: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.flatMap((language) =>
    [LANGUAGE_LABELS[language], ...LANGUAGE_NAMES_ELSEWHERE[language]].map(
      (name) => [nameKey(name), language] as const,
    ),
  ),
);

/** A code or a tag ('es', 'es-MX', 'fr_CA'), or a name in any of the product's languages. */
function readLanguage(cell: string): Language | null {
  if (!cell) return null;
  const language =
    cell.length > LIMITS.language
      ? undefined
      : (LANGUAGES_BY_NAME.get(nameKey(cell)) ?? supportedLanguage(cell) ?? undefined);
  return (
    language ??
    refuse('language_unknown', {
      language: cell.slice(0, LIMITS.language),
      languages: LANGUAGES.join(', '),
    })
  );
}

function readTimeZone(cell: string): string | null {
  if (!cell) return null;
  if (cell.length > LIMITS.timeZone || !isTimeZone(cell))
    refuse('time_zone_unknown', { timeZone: cell.slice(0, LIMITS.timeZone) });
  return cell;
}

function readPerson(line: SheetRow, context: RowContext): ImportedPerson {
  const { cells } = line;
  const email = readEmail(cells.email);
  const first = context.seen.get(email);
  if (first !== undefined && first !== line.row) refuse('email_duplicate', { row: String(first) });
  context.seen.set(email, line.row);
  if (line.extraCells) refuse('extra_cells');
  return {
    email,
    name: readName(cells.name),
    role: readRole(cells.role),
    jobFunctionIds: readJobFunctions(cells.jobFunctions, context.jobFunctions),
    language: readLanguage(cells.language),
    timeZone: readTimeZone(cells.timeZone),
  };
}

function differs(person: ImportedPerson, user: ExistingUser, context: RowContext): boolean {
  return (
    person.name !== user.name ||
    (person.role !== null && person.role !== user.role) ||
    (person.language !== null && person.language !== user.language) ||
    (person.timeZone !== null && person.timeZone !== user.timeZone) ||
    person.jobFunctionIds.some((id) => !context.jobFunctions.members.get(id)?.has(user.id))
  );
}

function verdictFor(person: ImportedPerson, row: number, context: RowContext): RowVerdict {
  const user = context.existing.get(person.email);
  if (!user) {
    const owner = context.domainOwners.get(emailDomain(person.email));
    if (owner !== undefined && owner !== context.organizationId)
      refuse('email_domain_of_another_organization');
    return { kind: 'create', row, person };
  }
  if (user.organizationId !== context.organizationId) refuse('email_of_another_organization');
  if (user.role === 'super_admin') refuse('super_admin_unchangeable');
  const roleChanged = person.role !== null && person.role !== user.role;
  if (roleChanged && user.id === context.actorUserId) refuse('own_role_unchangeable');
  const changed = differs(person, user, context);
  return { kind: 'existing', row, person, userId: user.id, changed, roleChanged };
}

/**
 * What one line of the file would do, or why it is refused. The email is checked first, so a
 * duplicate is reported whatever else is wrong with the line.
 */
export function checkRow(line: SheetRow, context: RowContext): RowVerdict {
  try {
    return verdictFor(readPerson(line, context), line.row, context);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { kind: 'refused', row: line.row, email: line.cells.email, reason: error.message };
  }
}

/**
 * A refused row as the API answers it: the English reason as written, and its code and parts
 * found in it, so a reason stored by any run (people_import_rows keeps the English only) is
 * worded in each reader's language alike.
 */
export function refusedRow(row: number, email: string, reason: string): RefusedRow {
  return { row, email, reason, ...peopleImportReasonOf(reason) };
}
