import type { PeopleImportStatus } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { importProgressText, importReportText } from '../people-import/format';
import { evidenceValue } from '../recommendations/texts';
import { coverageText } from '../skills/format';
import { sopProgressText } from '../training/training';
import { formatPercent } from './format';
import { applyLanguage, i18n, resources } from './i18n';

type Language = keyof typeof resources;
type Parts = Record<string, string | number>;
type Tree = { readonly [key: string]: string | Tree };
const textIn = (language: Language) =>
  i18n.getFixedT(language) as unknown as (key: string, parts: Parts) => string;

/**
 * Messages printing a quantity, at a count French words in the singular (0 and 1): each is
 * [key, parts, English, Spanish, French]. The `count` is what the call site passes.
 */
const SINGULARS: [string, Parts, string, string, string][] = [
  ['training.card.enrolled', { count: 1 }, '1 enrolled', '1 inscrito', '1 inscrit'],
  ['training.card.enrolled', { count: 0 }, '0 enrolled', '0 inscritos', '0 inscrit'],
  ['training.completedCount', { count: 1 }, '1 Completed', '1 completado', '1 terminée'],
  ['skills.members.chosen', { count: 1 }, '1 chosen', '1 elegida', '1 sélectionnée'],
  [
    'observations.session.waitingCount',
    { count: 1 },
    '1 waiting to send',
    '1 pendiente de envío',
    '1 en attente d’envoi',
  ],
  [
    'observations.answeredOf',
    { count: 1, answered: 0, total: 1 },
    '0 of 1 answered',
    '0 de 1 respondida',
    '0 sur 1 répondue',
  ],
  [
    'observations.summary.correctOf',
    { count: 1, correct: 1, total: 1 },
    '1 of 1 correct',
    '1 de 1 correcta',
    '1 sur 1 juste',
  ],
  [
    'insights.progress.coursesCompleted',
    { count: 1, completed: 0, total: 1 },
    '0 of 1 completed',
    '0 de 1 completado',
    '0 sur 1 terminée',
  ],
  [
    'onboarding.stepsDone',
    { count: 1, done: 0, total: 1 },
    '0 of 1 step done',
    '0 de 1 paso hecho',
    '0 sur 1 étape faite',
  ],
  [
    'peopleImport.rows',
    { count: 1, fileName: 'a.csv', rows: '1' },
    'a.csv: 1 row.',
    'a.csv: 1 fila.',
    'a.csv : 1 ligne.',
  ],
  [
    'peopleImport.apply',
    { count: 1, n: '1' },
    'Apply: invite 1 person',
    'Aplicar: invitar a 1 persona',
    'Appliquer : inviter 1 personne',
  ],
];

const status = (changes: Partial<PeopleImportStatus>): PeopleImportStatus => ({
  id: 1,
  organizationId: 1,
  fileName: 'people.csv',
  state: 'running',
  updateExisting: false,
  totalRows: 1,
  processedRows: 0,
  created: 1,
  updated: 0,
  unchanged: 1,
  refused: 0,
  invited: 1,
  error: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  finishedAt: null,
  ...changes,
});

const sops = (passed: boolean[]) => ({
  sops: passed.map((done, index) => ({
    documentId: index + 1,
    title: `SOP ${index + 1}`,
    evaluationId: index + 1,
    passed: done,
  })),
  status: 'in_progress' as const,
  enrolledAt: '2026-11-01T00:00:00Z',
  changedSinceCompletion: false,
});

async function readIn(language: Language) {
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

describe('a quantity agrees with its count', () => {
  afterEach(() => applyLanguage('en'));

  it.each(SINGULARS)('%s %o', (key, parts, english, spanish, french) => {
    expect(textIn('en')(key, parts)).toBe(english);
    expect(textIn('es')(key, parts)).toBe(spanish);
    expect(textIn('fr')(key, parts)).toBe(french);
  });

  it('words the SOPs of a course by their number', async () => {
    await readIn('fr');
    expect(sopProgressText(sops([true, false]))).toBe('1 sur 2 modes opératoires réussis');
    expect(sopProgressText(sops([false]))).toBe('0 sur 1 mode opératoire réussi');
    await readIn('es');
    expect(sopProgressText(sops([false]))).toBe('0 de 1 SOP aprobado');
  });

  it('words each figure of a people import by its own number', async () => {
    expect(importReportText(status({ state: 'done' }))).toBe(
      '1 created, 0 updated, 1 unchanged, 0 not imported; 1 invitation sent.',
    );
    expect(importProgressText(status({}))).toBe('Importing: 0 of 1 row, 1 invitation sent');
    await readIn('fr');
    expect(importReportText(status({ state: 'done' }))).toBe(
      '1 créé, 0 mis à jour, 1 inchangé, 0 non importé ; 1 invitation envoyée.',
    );
    expect(importProgressText(status({}))).toBe(
      'Import en cours : 0 sur 1 ligne, 1 invitation envoyée',
    );
    await readIn('es');
    expect(importReportText(status({ state: 'done', created: 2, refused: 1 }))).toBe(
      '2 creados, 0 actualizados, 1 sin cambios, 1 sin importar; 1 invitación enviada.',
    );
  });

  it('words the SOPs a job function requires by their number, its percentage formatted', async () => {
    await readIn('fr');
    expect(coverageText(1, 1, 100)).toBe(`1 sur 1 mode opératoire (${formatPercent(100)})`);
    await readIn('es');
    expect(coverageText(0, 1, 0)).toBe(`0 de 1 SOP (${formatPercent(0)})`);
  });

  it('words the people of a recommendation’s evidence by their number', async () => {
    await readIn('fr');
    const of = (key: 'people_of' | 'identified_of') =>
      evidenceValue({
        label: 'x',
        value: 'x',
        valueText: { key, params: { count: 1, total: 3 } },
        href: null,
      });
    expect(of('people_of')).toBe('1 personne sur 3');
    expect(of('identified_of')).toBe('1 identifié sur 3');
  });

  it('leaves no noun or participle agreeing with a number it may not match', () => {
    const fr = textIn('fr');
    const es = textIn('es');
    const passRate = 'recommendationTexts.texts.sop_pass_rate_below_mark.description';
    const parts = { days: '30 jours', title: 'T', average: '40 %', passMark: '80 %' };
    expect(fr(passRate, { ...parts, passed: 1, observations: '3 observations' })).not.toMatch(
      /1 réussies/,
    );
    expect(es(passRate, { ...parts, passed: 1, observations: '3 observaciones' })).not.toMatch(
      /aprobaron 1 /,
    );
    const notSent = 'errors.people_import_invitations_not_sent';
    expect(fr(notSent, { number: 1, detail: 'd' })).not.toMatch(/1 personnes/);
    expect(es(notSent, { number: 1, detail: 'd' })).not.toMatch(/1 personas/);
    // French words 0 in the singular: an organization of no users has no "son utilisateur".
    const deletion = 'admin.organizations.confirmDescription';
    expect(fr(deletion, { name: 'Acme', count: 0 })).not.toMatch(/son utilisateur/);
    expect(fr(deletion, { name: 'Acme', count: 1 })).toContain('(1)');
  });
});

describe('a percent sign', () => {
  it('never follows a placeholder: the number comes formatted by formatPercent', () => {
    const placed = Object.keys(resources).flatMap((language) =>
      flatten(resources[language as Language].translation)
        .filter(([, text]) => /}}\s?%/.test(text))
        .map(([key, text]) => `${language}: ${key}: ${text}`),
    );
    expect(placed).toEqual([]);
  });

  it('never starts a line in Spanish or French: no ordinary space before it', () => {
    const breakable = (['es', 'fr'] as const).flatMap((language) =>
      flatten(resources[language].translation)
        .filter(([, text]) => /[\d}] %/.test(text))
        .map(([key, text]) => `${language}: ${key}: ${text}`),
    );
    expect(breakable).toEqual([]);
  });
});
