import type { InsightsActivity, UpcomingGoal } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { ActivityItem, GoalItem } from './InsightsLines';

/** Two hours ago: the line's time reads relative to now. */
const at = new Date(Date.now() - 2 * 3600 * 1000).toISOString();

/** Lines as the server sends them: `title` and `detail` are its English, for API clients. */
const ACTIVITY: InsightsActivity[] = [
  {
    id: 'observation_completed:12',
    kind: 'observation_completed',
    title: 'Otto Operator passed "Hand washing"',
    detail: 'Score 85.5%, observed by Tess Trainer',
    text: {
      key: 'observationCompleted',
      params: {
        person: 'Otto Operator',
        subject: 'Hand washing',
        passed: true,
        score: 85.5,
        observer: 'Tess Trainer',
      },
    },
    occurredAt: at,
    link: '/observation/12',
  },
  {
    id: 'observation_started:13',
    kind: 'observation_started',
    title: 'Observation of Otto Operator started',
    detail: '"Ovens", observed by Tess Trainer',
    text: {
      key: 'observationStarted',
      params: { person: 'Otto Operator', subject: 'Ovens', observer: 'Tess Trainer' },
    },
    occurredAt: at,
    link: '/observation/13',
  },
  {
    id: 'finding_recorded:3',
    kind: 'finding_recorded',
    title: 'Finding recorded: high safety',
    detail: '"Ovens", Otto Operator',
    text: {
      key: 'findingRecorded',
      params: { severity: 'high', category: 'safety', subject: 'Ovens', person: 'Otto Operator' },
    },
    occurredAt: at,
    link: '/observation/13',
  },
  {
    id: 'course_completed:2',
    kind: 'course_completed',
    title: 'Otto Operator completed "Kitchen basics"',
    detail: 'Course',
    text: { key: 'courseCompleted', params: { person: 'Otto Operator', course: 'Kitchen basics' } },
    occurredAt: at,
    link: '/training',
  },
  {
    id: 'course_enrolled:2',
    kind: 'course_enrolled',
    title: 'Someone started "Kitchen basics"',
    detail: 'Course',
    text: { key: 'courseEnrolled', params: { person: null, course: 'Kitchen basics' } },
    occurredAt: at,
    link: '/training',
  },
];

const GOALS: UpcomingGoal[] = [
  {
    id: 'course_due:2',
    kind: 'course_due',
    title: 'Complete "Kitchen basics"',
    detail: '1 of 2 enrolled completed',
    text: { key: 'courseDue', params: { course: 'Kitchen basics', enrolled: 2, completed: 1 } },
    dueAt: '2026-12-10',
    progress: 50,
    link: '/insights/progress',
  },
  {
    id: 'course_due:3',
    kind: 'course_due',
    title: 'Complete "Allergens"',
    detail: '3 of 1200 enrolled completed',
    text: { key: 'courseDue', params: { course: 'Allergens', enrolled: 1200, completed: 3 } },
    dueAt: '2026-12-12',
    progress: 0.3,
    link: '/insights/progress',
  },
  {
    id: 'course_due:4',
    kind: 'course_due',
    title: 'Complete "Ovens"',
    detail: 'Nobody is enrolled yet',
    text: { key: 'courseDue', params: { course: 'Ovens', enrolled: 0, completed: 0 } },
    dueAt: '2026-12-14',
    progress: null,
    link: '/insights/progress',
  },
  {
    id: 'certification_expiring:8',
    kind: 'certification_expiring',
    title: 'Renew "Forklift"',
    detail: "Olga's certification expires",
    text: { key: 'certificationExpiring', params: { holder: 'Olga', title: 'Forklift' } },
    dueAt: '2026-12-20T10:00:00.000Z',
    progress: null,
    link: '/insights/certifications?state=expiring_soon',
  },
];

/** The text a reader sees: tags dropped, entities and the spaces Intl puts in figures plain. */
function shown(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' | ');
}

const activityShown = () => ACTIVITY.map((line) => shown(createElement(ActivityItem, { line })));
const goalsShown = () => GOALS.map((goal) => shown(createElement(GoalItem, { goal })));

async function readIn(language: 'en' | 'es' | 'fr') {
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

describe("Insights' recent activity and upcoming goals in the reader's language", () => {
  afterEach(() => readIn('en'));

  it('read in English as the server words them for API clients', async () => {
    await readIn('en');
    const lines = activityShown();
    ACTIVITY.forEach((line, index) => {
      expect(lines[index]).toContain(`${line.title} | ${line.detail} · `);
    });
    const goals = goalsShown();
    GOALS.forEach((goal, index) => {
      expect(goals[index]).toContain(goal.title);
      expect(goals[index]).toContain(goal.detail.replace('1200', '1,200'));
    });
  });

  it('read in Spanish: sentences, severity and category, counts and dates', async () => {
    await readIn('es');
    const lines = activityShown().map((line) => line.replace(/ · .*$/, ''));
    expect(lines).toEqual([
      'Otto Operator aprobó «Hand washing» | Puntuación: 85,5 %, a cargo de Tess Trainer',
      'Comenzó la observación de Otto Operator | «Ovens», a cargo de Tess Trainer',
      'Hallazgo registrado: seguridad, gravedad alta | «Ovens», Otto Operator',
      'Otto Operator completó «Kitchen basics» | Curso',
      'Alguien empezó «Kitchen basics» | Curso',
    ]);
    expect(goalsShown()).toEqual([
      'Completar «Kitchen basics» | Vence el 10/12/2026 | 1 de 2 inscritos lo ha completado',
      'Completar «Allergens» | Vence el 12/12/2026 | 3 de 1200 inscritos lo han completado',
      'Completar «Ovens» | Vence el 14/12/2026 | Todavía no hay nadie inscrito',
      'Renovar «Forklift» | Vence el 20/12/2026 | La certificación de Olga vence',
    ]);
  });

  it('read in French: sentences, severity and category, counts and dates', async () => {
    await readIn('fr');
    const lines = activityShown().map((line) => line.replace(/ · .*$/, ''));
    expect(lines).toEqual([
      'Otto Operator a réussi « Hand washing » | Score : 85,5 %, observateur : Tess Trainer',
      'Observation commencée : Otto Operator | « Ovens », observateur : Tess Trainer',
      'Constat enregistré : sécurité, gravité élevée | « Ovens », Otto Operator',
      'Otto Operator a terminé « Kitchen basics » | Formation',
      'Quelqu’un a commencé « Kitchen basics » | Formation',
    ]);
    expect(goalsShown()).toEqual([
      'Terminer « Kitchen basics » | Échéance le 10/12/2026 | 1 inscrit sur 2 l’a terminée',
      'Terminer « Allergens » | Échéance le 12/12/2026 | 3 inscrits sur 1 200 l’ont terminée',
      'Terminer « Ovens » | Échéance le 14/12/2026 | Personne n’est encore inscrit',
      'Renouveler « Forklift » | Échéance le 20/12/2026 | Olga : l’habilitation expire',
    ]);
    // The time of each line in French too.
    expect(activityShown()[0]).toMatch(/ · il y a 2 heures$/);
  });
});
