import { CREATABLE_ROLES, LANGUAGES, ROLE_NAMES } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import type { SheetRow } from './csv-rows.js';
import {
  checkRow,
  type ExistingUser,
  indexJobFunctions,
  refusedRow,
  type RowContext,
} from './row-rules.js';

const context = (existing: Record<string, ExistingUser> = {}): RowContext => ({
  organizationId: 1,
  actorUserId: 9,
  jobFunctions: indexJobFunctions([
    { id: 10, name: 'Packing', memberIds: [5] },
    { id: 11, name: 'Forklift', memberIds: [] },
  ]),
  existing: new Map(Object.entries(existing)),
  domainOwners: new Map([
    ['x.test', 1],
    ['globex.test', 2],
  ]),
  seen: new Map(),
});

const line = (row: number, cells: Partial<SheetRow['cells']>): SheetRow => ({
  row,
  cells: { email: '', name: '', role: '', jobFunctions: '', language: '', timeZone: '', ...cells },
  extraCells: false,
});

const member = (changes: Partial<ExistingUser>): ExistingUser => ({
  id: 5,
  organizationId: 1,
  name: 'Ana',
  role: 'operator',
  language: 'en',
  timeZone: null,
  ...changes,
});

describe('checkRow', () => {
  it('reads a person: email lower-cased, role by label, job functions by any separator', () => {
    const verdict = checkRow(
      line(2, {
        email: 'Ana@X.test',
        name: ' Ana ',
        role: 'Training supervisor',
        jobFunctions: 'packing | Forklift;Packing',
      }),
      context(),
    );
    expect(verdict).toEqual({
      kind: 'create',
      row: 2,
      person: {
        email: 'ana@x.test',
        name: 'Ana',
        role: 'training_supervisor',
        jobFunctionIds: [10, 11],
        language: null,
        timeZone: null,
      },
    });
  });

  it.each([
    [{ email: '' }, 'Email is missing.'],
    [{ email: 'nope' }, '"nope" is not a valid email address.'],
    [{ email: 'a@x.test', name: '' }, 'Name is missing.'],
    [
      { email: 'a@x.test', name: 'A', role: 'super admin' },
      'The super administrator role cannot be imported.',
    ],
    [{ email: 'a@x.test', name: 'A', jobFunctions: 'Welding' }, 'Unknown job function "Welding".'],
    [{ email: 'a@x.test', name: 'A', language: 'de' }, 'Unknown language "de" (en, es, fr).'],
    [{ email: 'a@x.test', name: 'A', timeZone: 'Mars/Base' }, 'Unknown time zone "Mars/Base".'],
    [{ email: 'a@x.test', name: 'N'.repeat(201) }, 'Name is longer than 200 characters.'],
    [
      { email: 'a@x.test', name: 'A', jobFunctions: 'J'.repeat(2001) },
      'Job functions is longer than 2,000 characters.',
    ],
    [{ email: 'e'.repeat(250) + '@x.test' }, 'Email is longer than 254 characters.'],
  ])('refuses %j: %s', (cells, reason) => {
    expect(checkRow(line(3, cells), context())).toMatchObject({ kind: 'refused', row: 3, reason });
  });

  it("refuses a duplicate, naming the first row, and another organization's email without whose", () => {
    const shared = context({ 'bo@y.test': member({ id: 7, organizationId: 2 }) });
    expect(checkRow(line(2, { email: 'a@x.test', name: 'A' }), shared).kind).toBe('create');
    expect(checkRow(line(3, { email: 'A@x.test', name: 'A' }), shared)).toMatchObject({
      reason: 'Duplicate email: already on row 2.',
    });
    expect(checkRow(line(4, { email: 'bo@y.test', name: 'Bo' }), shared)).toMatchObject({
      reason: 'This email is already used by another organization.',
    });
  });

  it("refuses someone new on another organization's domain", () => {
    expect(checkRow(line(2, { email: 'gus@GLOBEX.test', name: 'Gus' }), context())).toMatchObject({
      kind: 'refused',
      reason: "This email's domain belongs to another organization.",
    });
    expect(checkRow(line(3, { email: 'ann@x.test', name: 'Ann' }), context()).kind).toBe('create');
    expect(checkRow(line(4, { email: 'kim@free.test', name: 'Kim' }), context()).kind).toBe(
      'create',
    );
  });

  it('tells an unchanged member from a changed one', () => {
    const ctx = context({ 'ana@x.test': member({}) });
    expect(
      checkRow(line(2, { email: 'ana@x.test', name: 'Ana', jobFunctions: 'Packing' }), ctx),
    ).toMatchObject({ kind: 'existing', changed: false });
    ctx.seen.clear();
    expect(
      checkRow(line(2, { email: 'ana@x.test', name: 'Ana', jobFunctions: 'Forklift' }), ctx),
    ).toMatchObject({ kind: 'existing', changed: true, roleChanged: false });
    ctx.seen.clear();
    expect(
      checkRow(line(2, { email: 'ana@x.test', name: 'Ana', role: 'manager' }), ctx),
    ).toMatchObject({ changed: true, roleChanged: true });
  });

  it("keeps a member's role when the role cell is blank (a file of emails and names)", () => {
    const ctx = context({ 'ana@x.test': member({ role: 'manager' }) });
    expect(
      checkRow(line(2, { email: 'ana@x.test', name: 'Ana', jobFunctions: 'Packing' }), ctx),
    ).toMatchObject({ kind: 'existing', changed: false, roleChanged: false });
    expect(checkRow(line(3, { email: 'new@x.test', name: 'New' }), ctx)).toMatchObject({
      kind: 'create',
      person: { role: null },
    });
  });

  it.each([
    ['operario', 'operator'],
    ['Operario', 'operator'],
    ['Supervisor de formación', 'training_supervisor'],
    ['SUPERVISOR DE FORMACION', 'training_supervisor'],
    ['supervisor  de-formacion', 'training_supervisor'],
    ['Gerente', 'manager'],
    ['Administrador', 'admin'],
    ['Opérateur', 'operator'],
    ['OPERATEUR', 'operator'],
    ['Responsable formation', 'training_supervisor'],
    ['Manager', 'manager'],
    ['Administrateur', 'admin'],
    ['Training Supervisor', 'training_supervisor'],
    ['trainingsupervisor', 'training_supervisor'],
    ['training_supervisor', 'training_supervisor'],
    ['ADMIN', 'admin'],
    // Other words HR files use: Spanish "operador", the feminine forms.
    ['Operador', 'operator'],
    ['operadora', 'operator'],
    ['Operaria', 'operator'],
    ['Opératrice', 'operator'],
    ['Administradora', 'admin'],
    ['Administratrice', 'admin'],
    ['Supervisora de formación', 'training_supervisor'],
  ])('reads the role %j as the web app names it in en, es or fr: %s', (role, code) => {
    expect(checkRow(line(2, { email: 'r@x.test', name: 'R', role }), context())).toMatchObject({
      kind: 'create',
      person: { role: code },
    });
  });

  it('reads every name the web app gives a role, in each language, as that role and no other', () => {
    const read = (role: string) =>
      checkRow(line(2, { email: 'r@x.test', name: 'R', role }), context());
    for (const language of LANGUAGES) {
      for (const role of CREATABLE_ROLES) {
        expect(read(ROLE_NAMES[language][role])).toMatchObject({ person: { role } });
        expect(read(ROLE_NAMES[language][role].toUpperCase())).toMatchObject({ person: { role } });
      }
      expect(read(ROLE_NAMES[language].super_admin)).toMatchObject({
        kind: 'refused',
        reason: 'The super administrator role cannot be imported.',
      });
    }
  });

  it.each([
    'super_admin',
    'Super admin',
    'super administrator',
    'Superadministrador',
    'Super administrador',
    'SÚPER ADMINISTRADOR',
    'super-administrateur',
    'Super Administrateur',
    'Superadministradora',
    'Super-administratrice',
  ])('refuses the super administrator %j in any language', (role) => {
    expect(checkRow(line(2, { email: 's@x.test', name: 'S', role }), context())).toMatchObject({
      kind: 'refused',
      reason: 'The super administrator role cannot be imported.',
    });
  });

  it.each([
    ['en', 'en'],
    ['FR', 'fr'],
    ['English', 'en'],
    ['Inglés', 'en'],
    ['ingles', 'en'],
    ['Anglais', 'en'],
    ['Español', 'es'],
    ['Espanol', 'es'],
    ['SPANISH', 'es'],
    ['Espagnol', 'es'],
    ['Français', 'fr'],
    ['francais', 'fr'],
    ['French', 'fr'],
    ['Francés', 'fr'],
    ['es-MX', 'es'],
    ['fr_CA', 'fr'],
  ])('reads the language %j by its code or its name in en, es or fr: %s', (language, code) => {
    expect(checkRow(line(2, { email: 'l@x.test', name: 'L', language }), context())).toMatchObject({
      kind: 'create',
      person: { language: code },
    });
  });

  it.each(['Deutsch', 'German', 'de-DE', 'e n'])('refuses the language %j', (language) => {
    expect(checkRow(line(2, { email: 'l@x.test', name: 'L', language }), context())).toMatchObject({
      kind: 'refused',
      reason: `Unknown language "${language}" (en, es, fr).`,
    });
  });

  it('keeps a formula cell as text', () => {
    expect(checkRow(line(2, { email: 'f@x.test', name: '=1+2' }), context())).toMatchObject({
      kind: 'create',
      person: { name: '=1+2' },
    });
  });
});

describe('refusedRow', () => {
  it("keeps the English reason and adds the code and parts found in it, a stored row's too", () => {
    const verdict = checkRow(line(4, { email: 'a@x.test', name: 'A', role: 'boss' }), context());
    expect(verdict.kind === 'refused' && refusedRow(4, 'a@x.test', verdict.reason)).toEqual({
      row: 4,
      email: 'a@x.test',
      reason: 'Unknown role "boss" (admin, training supervisor, manager or operator).',
      code: 'role_unknown',
      params: { role: 'boss' },
    });
    expect(refusedRow(5, 'b@x.test', 'Job functions is longer than 2,000 characters.')).toEqual({
      row: 5,
      email: 'b@x.test',
      reason: 'Job functions is longer than 2,000 characters.',
      code: 'job_functions_too_long',
      params: { limit: '2000' },
    });
    // A reason the table does not know (none is written today) travels without a code.
    expect(refusedRow(6, 'c@x.test', 'Another reason.')).toEqual({
      row: 6,
      email: 'c@x.test',
      reason: 'Another reason.',
    });
  });
});
