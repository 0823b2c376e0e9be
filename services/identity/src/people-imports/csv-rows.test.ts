import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readPeopleCsv, type SheetRow } from './csv-rows.js';

async function rows(text: string | Buffer, chunk = 7): Promise<SheetRow[]> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );
  const read: SheetRow[] = [];
  for await (const row of readPeopleCsv(Readable.from(chunks))) read.push(row);
  return read;
}

describe('readPeopleCsv', () => {
  it('reads Excel\'s "CSV UTF-8" with ";": BOM, CRLF, quoted cells with quotes and line breaks', async () => {
    const read = await rows(
      '\uFEFFE-mail;Full name;Role;Job functions\r\nana@x.test;"Ana ""A"" Ruiz";operator;"Packing;Forklift"\r\n\r\nbo@x.test;"Bo\r\nLee";;\r\n',
    );
    expect(read).toEqual([
      {
        row: 2,
        cells: {
          email: 'ana@x.test',
          name: 'Ana "A" Ruiz',
          role: 'operator',
          jobFunctions: 'Packing;Forklift',
          language: '',
          timeZone: '',
        },
        extraCells: false,
      },
      {
        row: 4,
        cells: {
          email: 'bo@x.test',
          name: 'Bo\r\nLee',
          role: '',
          jobFunctions: '',
          language: '',
          timeZone: '',
        },
        extraCells: false,
      },
    ]);
  });

  it('reads Google Sheets\' CSV (",", LF, no BOM), ignores unknown columns, notices extra cells', async () => {
    const read = await rows('name,email,notes\nAna,ana@x.test,hi\nBo,bo@x.test,,extra\n');
    expect(read.map((row) => [row.cells.email, row.cells.name, row.extraCells])).toEqual([
      ['ana@x.test', 'Ana', false],
      ['bo@x.test', 'Bo', true],
    ]);
  });

  it('reads Excel\'s "CSV (semicolon delimited)", saved in Windows-1252, as the names it holds', async () => {
    const ansi = Buffer.concat([
      Buffer.from('E-Mail;Name\r\njuergen@x.test;Jürgen Müller\r\nsimon@x.test;', 'latin1'),
      // Š is 0x8A in Windows-1252: a control character in Latin-1.
      Buffer.from([0x8a]),
      Buffer.from('imon Novák\r\nzoe@x.test;"Zoë ""Z"" Dupré;\r\nFaure"\r\n', 'latin1'),
    ]);
    const read = await rows(ansi);
    expect(read.map((row) => [row.row, row.cells.email, row.cells.name])).toEqual([
      [2, 'juergen@x.test', 'Jürgen Müller'],
      [3, 'simon@x.test', 'Šimon Novák'],
      [4, 'zoe@x.test', 'Zoë "Z" Dupré;\r\nFaure'],
    ]);
  });

  it('reads UTF-8 names whose characters are split between chunks of the file', async () => {
    const read = await rows('email,name\nzoe@x.test,Zoë Ørsted-Ćirić 李\n', 3);
    expect(read.map((row) => row.cells.name)).toEqual(['Zoë Ørsted-Ćirić 李']);
  });

  it('refuses a file without an email column, and an unclosed quote', async () => {
    await expect(rows('name,role\nAna,operator\n')).rejects.toThrow('No "email" column');
    await expect(rows('email,name\n"ana@x.test,Ana\n')).rejects.toThrow('could not be read as CSV');
  });

  it("reads an HR export's first and last name columns as the name, a single name column first", async () => {
    const names = async (text: string) => (await rows(text)).map((row) => row.cells.name);
    expect(await names('Email,First name,Last name\nana@x.test, Ana ,Ruiz\n')).toEqual([
      'Ana Ruiz',
    ]);
    expect(await names('email;Given name;Surname\nbo@x.test;Bo;\ncy@x.test;;Lee\n')).toEqual([
      'Bo',
      'Lee',
    ]);
    expect(await names('Family name,email,firstname\nDupré,zoe@x.test,Zoë\n')).toEqual([
      'Zoë Dupré',
    ]);
    expect(
      await names('first name,last name,full name,email\nAna,Ruiz,Ana Ruiz Gil,a@x.test\n'),
    ).toEqual(['Ana Ruiz Gil']);
    await expect(rows('email,last name\nana@x.test,Ruiz\n')).rejects.toThrow('No "name" column');
  });

  it("reads a Spanish HR export's header: any case, accents, spaces, hyphens or underscores", async () => {
    const read = await rows(
      'Correo electrónico;NOMBRE COMPLETO;Rol;Puesto;Idioma;Zona horaria\r\nana@x.test;Ana Ruiz;operator;Packing;es;Europe/Madrid\r\n',
    );
    expect(read.map((row) => row.cells)).toEqual([
      {
        email: 'ana@x.test',
        name: 'Ana Ruiz',
        role: 'operator',
        jobFunctions: 'Packing',
        language: 'es',
        timeZone: 'Europe/Madrid',
      },
    ]);
    const cells = async (text: string) => (await rows(text)).map((row) => row.cells);
    expect(
      await cells(
        'correo_electronico,Nombre,funciones,ZONA-HORARIA\nbo@x.test,Bo Lee,Forklift,UTC\n',
      ),
    ).toMatchObject([
      { email: 'bo@x.test', name: 'Bo Lee', jobFunctions: 'Forklift', timeZone: 'UTC' },
    ]);
    expect(await cells('Correo,Nombre y apellidos\ncy@x.test,Cy Gil\n')).toMatchObject([
      { email: 'cy@x.test', name: 'Cy Gil' },
    ]);
  });

  it("reads a French HR export's header: any case, accents, spaces, hyphens or underscores", async () => {
    const read = await rows(
      'Adresse e-mail;Nom complet;Rôle;Fonctions;Langue;Fuseau horaire\r\nzoe@x.test;Zoë Dupré;manager;Accueil;fr;Europe/Paris\r\n',
    );
    expect(read.map((row) => row.cells)).toEqual([
      {
        email: 'zoe@x.test',
        name: 'Zoë Dupré',
        role: 'manager',
        jobFunctions: 'Accueil',
        language: 'fr',
        timeZone: 'Europe/Paris',
      },
    ]);
    const emails = async (text: string) => (await rows(text)).map((row) => row.cells.email);
    expect(await emails('E-mail,Nom\na@x.test,A\n')).toEqual(['a@x.test']);
    expect(await emails('COURRIEL,Nom\nb@x.test,B\n')).toEqual(['b@x.test']);
    expect(await emails('adresse_email,Nom\nc@x.test,C\n')).toEqual(['c@x.test']);
  });

  it('reads "Nom"/"Nombre" as the family/given name beside its pair, as the full name alone', async () => {
    const names = async (text: string | Buffer) => (await rows(text)).map((row) => row.cells.name);
    // French: "Nom" is the family name when a "Prénom" column exists, whichever comes first.
    expect(await names('Courriel;Prénom;Nom\r\nzoe@x.test;Zoë;Dupré\r\n')).toEqual(['Zoë Dupré']);
    expect(await names('NOM;PRENOM;E-MAIL\r\nDupré;Zoë;zoe@x.test\r\n')).toEqual(['Zoë Dupré']);
    // Spanish: "Nombre" is the given name when an "Apellidos"/"Apellido" column exists.
    expect(await names('Correo;Nombre;Apellidos\nana@x.test;Ana;Ruiz Gil\n')).toEqual([
      'Ana Ruiz Gil',
    ]);
    expect(await names('Apellido,Nombre,Correo electrónico\nRuiz,Ana,ana@x.test\n')).toEqual([
      'Ana Ruiz',
    ]);
    // Alone, each is the full name.
    expect(await names('Courriel;Nom\nzoe@x.test;Zoë Dupré\n')).toEqual(['Zoë Dupré']);
    expect(await names('Correo;Nombre\nana@x.test;Ana Ruiz Gil\n')).toEqual(['Ana Ruiz Gil']);
    // A full-name column still wins over the pair.
    expect(
      await names('Prénom;Nom;Nom complet;Courriel\nZoë;Dupré;Zoë Dupré-Faure;zoe@x.test\n'),
    ).toEqual(['Zoë Dupré-Faure']);
    // A header saved by Excel in Windows-1252 reads as the same names.
    expect(
      await names(Buffer.from('Adresse e-mail;Prénom;Nom\r\nzoe@x.test;Zoë;Dupré\r\n', 'latin1')),
    ).toEqual(['Zoë Dupré']);
    // Two family names in two columns (Spanish exports often split them) are both kept.
    expect(await names('Correo;Nombre;Apellido 1;Apellido 2\nana@x.test;Ana;Ruiz;Gil\n')).toEqual([
      'Ana Ruiz Gil',
    ]);
    expect(
      await names('Correo;Nombre;Primer apellido;Segundo apellido\nbo@x.test;Bo;;Gil\n'),
    ).toEqual(['Bo Gil']);
    // A family name alone names no one.
    await expect(rows('Correo,Apellidos\nana@x.test,Ruiz\n')).rejects.toThrow('No "name" column');
  });

  it('skips Excel\'s "sep=" first line and splits by the delimiter it names; rows as Excel shows them', async () => {
    const read = await rows(
      'sep=;\r\nemail;name;role\r\nana@x.test;Ruiz, Ana;operator\r\n\r\nbo@x.test;Bo;\r\n',
    );
    expect(read.map((row) => [row.row, row.cells.email, row.cells.name, row.cells.role])).toEqual([
      [2, 'ana@x.test', 'Ruiz, Ana', 'operator'],
      [4, 'bo@x.test', 'Bo', ''],
    ]);
    const comma = await rows('\uFEFFsep=,\nemail,name\nzoe@x.test,"Zoë; Z"\n');
    expect(comma.map((row) => [row.row, row.cells.name])).toEqual([[2, 'Zoë; Z']]);
  });

  it('detects the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('email;name;"a,b,c"\nx,y,z')).toBe(';');
    expect(detectDelimiter('email,name\n;;;;')).toBe(',');
  });
});
