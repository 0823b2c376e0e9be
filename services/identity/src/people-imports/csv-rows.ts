import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { errorText, folded, PEOPLE_IMPORT_MAX_ROWS, PEOPLE_IMPORT_MESSAGES } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

/** The columns a file of people may have; any other column is ignored. */
export type SheetColumn = 'email' | 'name' | 'role' | 'jobFunctions' | 'language' | 'timeZone';

/** An HR export's separate name columns: without a name cell, the name is "first last". */
type NamePart = 'firstName' | 'lastName';
type HeaderColumn = SheetColumn | NamePart;

/**
 * One line of the file: `row` is its number in the spreadsheet (the header is row 1, even
 * below Excel's `sep=` line, which Excel hides).
 */
export interface SheetRow {
  row: number;
  cells: Record<SheetColumn, string>;
  /** Cells past the header's last column: the line does not fit the header. */
  extraCells: boolean;
}

/**
 * Header names by their key (headerKey): the English ones, and those a Spanish or French HR
 * export writes in its own language ("Correo electrónico", "Prénom", "Fuseau horaire").
 * "Nom" and "Nombre" are in PAIRED_NAMES: what they name depends on the columns beside them.
 */
const HEADER_NAMES: Record<string, HeaderColumn> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  name: 'name',
  fullname: 'name',
  firstname: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  role: 'role',
  jobfunctions: 'jobFunctions',
  jobfunction: 'jobFunctions',
  functions: 'jobFunctions',
  language: 'language',
  lang: 'language',
  timezone: 'timeZone',
  tz: 'timeZone',
  // Spanish.
  correo: 'email',
  correoelectronico: 'email',
  direcciondecorreo: 'email',
  direcciondecorreoelectronico: 'email',
  nombrecompleto: 'name',
  nombreyapellidos: 'name',
  apellidos: 'lastName',
  apellido: 'lastName',
  primerapellido: 'lastName',
  segundoapellido: 'lastName',
  rol: 'role',
  puesto: 'jobFunctions',
  puestos: 'jobFunctions',
  funciones: 'jobFunctions',
  funcion: 'jobFunctions',
  idioma: 'language',
  zonahoraria: 'timeZone',
  husohorario: 'timeZone',
  // French ("Rôle" is role, "E-mail" email).
  adresseemail: 'email',
  adressemail: 'email',
  adresseelectronique: 'email',
  courriel: 'email',
  adressecourriel: 'email',
  nomcomplet: 'name',
  prenomnom: 'name',
  prenometnom: 'name',
  nometprenom: 'name',
  prenom: 'firstName',
  fonctions: 'jobFunctions',
  fonction: 'jobFunctions',
  poste: 'jobFunctions',
  postes: 'jobFunctions',
  langue: 'language',
  fuseauhoraire: 'timeZone',
};

/**
 * Names whose meaning depends on the header around them. French "Nom" is the family name beside
 * a given-name column ("Prénom"), Spanish "Nombre" the given name beside a family-name column
 * ("Apellidos"); either without that other half of the pair is the full name.
 */
const PAIRED_NAMES: Record<string, { beside: NamePart; is: NamePart }> = {
  nom: { beside: 'firstName', is: 'lastName' },
  nombre: { beside: 'lastName', is: 'firstName' },
};

/** A record larger than this is no line of people (an unclosed quote swallowing the file). */
const MAX_RECORD_CHARS = 64 * 1024;
/** The header line is looked for in this many leading bytes. */
const HEADER_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * A cell's text: UTF-8 when its bytes are (Excel's "CSV UTF-8", Google Sheets), else
 * Windows-1252, which Excel's plain "CSV" writes in Western Europe (Müller would read as
 * M\uFFFDller). Decided a cell at a time, as the file streams: the first accented name may be
 * thousands of lines in.
 */
function cellText(bytes: Buffer | string): string {
  // A file with a byte order mark is decoded by the parser itself, in the encoding it names.
  if (typeof bytes === 'string') return bytes;
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

/**
 * A header cell's key: its letters in lower case, without accents ("Prénom", "PRENOM" and
 * "prénom" alike) and without spaces, hyphens, underscores, digits or punctuation.
 */
const headerKey = (header: string): string => folded(header).replace(/[^a-z]/g, '');

/**
 * ',' or ';' (Excel writes ';' where the decimal mark is a comma): whichever the header line
 * holds more of outside quotes.
 */
export function detectDelimiter(head: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The delimiter Excel's first line `sep=;` (or `sep=,`, any one character) names, which Excel
 * reads as an instruction and does not show; null when the file does not start with one.
 */
export function namedDelimiter(head: string): string | null {
  return /^sep=([^\r\n"])(?:\r?\n|$)/i.exec(head)?.[1] ?? null;
}

/** The first bytes (up to the end of the header line), and the stream with them put back. */
async function splitHead(source: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEADER_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
    if (next.value.includes(0x0a)) break;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }) };
}

function headerColumns(header: string[]): (HeaderColumn | undefined)[] {
  const keys = header.map(headerKey);
  const plain = keys.map((key) => HEADER_NAMES[key]);
  const columns = keys.map((key, index) => {
    const paired = PAIRED_NAMES[key];
    if (!paired) return plain[index];
    return plain.includes(paired.beside) ? paired.is : 'name';
  });
  // A first-name column names people; a last-name column alone names families.
  const named = columns.includes('name') || columns.includes('firstName');
  for (const needed of ['email', 'name'] as const) {
    if (needed === 'name' ? !named : !columns.includes(needed)) {
      throw RpcFailure.validation(errorText('csv_columns_missing', { column: needed }), 'file');
    }
  }
  return columns;
}

const blankCells = (): Record<SheetColumn, string> => ({
  email: '',
  name: '',
  role: '',
  jobFunctions: '',
  language: '',
  timeZone: '',
});

function toRow(record: string[], columns: (HeaderColumn | undefined)[], row: number): SheetRow {
  const cells = blankCells();
  const parts: Record<NamePart, string> = { firstName: '', lastName: '' };
  columns.forEach((column, index) => {
    const cell = (record[index] ?? '').trim();
    // Several columns of one part ("Primer apellido", "Segundo apellido") are joined in order.
    if (column === 'firstName' || column === 'lastName')
      parts[column] = [parts[column], cell].filter(Boolean).join(' ');
    else if (column) cells[column] = cell;
  });
  // A name column wins; the parts name those its cell leaves blank.
  if (!cells.name) cells.name = [parts.firstName, parts.lastName].filter(Boolean).join(' ');
  const extraCells = record.slice(columns.length).some((cell) => cell.trim() !== '');
  return { row, cells, extraCells };
}

function readFailure(error: unknown): unknown {
  if (error instanceof CsvError)
    return RpcFailure.validation(`The file could not be read as CSV: ${error.message}`, 'file');
  return error;
}

/**
 * The file's lines of people, streamed: a UTF-8 CSV as Excel or Google Sheets write it (with or
 * without a byte order mark, ',' or ';' or the delimiter a `sep=` first line names, quoted
 * cells, CRLF). Blank lines are skipped; more than PEOPLE_IMPORT_MAX_ROWS lines of people is
 * refused before the rest is read.
 */
export async function* readPeopleCsv(source: Readable): AsyncGenerator<SheetRow> {
  const { head, whole } = await splitHead(source);
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const named = namedDelimiter(text);
  const delimiter = named ?? detectDelimiter(text);
  const parser = whole.pipe(
    parse({
      bom: true,
      // Cells as bytes, each decoded by cellText.
      encoding: null,
      delimiter,
      relax_column_count: true,
      // A quote inside an unquoted cell is kept as text, as spreadsheets read it.
      relax_quotes: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  );
  whole.once('error', (error) => parser.destroy(error));
  let columns: (HeaderColumn | undefined)[] | undefined;
  let row = 0;
  let people = 0;
  let sepLine = named !== null;
  try {
    for await (const bytes of parser as AsyncIterable<(Buffer | string)[]>) {
      const record = bytes.map(cellText);
      if (sepLine) {
        sepLine = false;
        continue;
      }
      row += 1;
      if (!columns) {
        columns = headerColumns(record);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      people += 1;
      if (people > PEOPLE_IMPORT_MAX_ROWS)
        throw new RpcFailure('too_large', PEOPLE_IMPORT_MESSAGES.tooManyRows, 'file');
      yield toRow(record, columns, row);
    }
  } catch (error) {
    throw readFailure(error);
  } finally {
    parser.destroy();
    whole.destroy();
  }
  if (!columns) throw RpcFailure.validation('The file is empty.', 'file');
}
