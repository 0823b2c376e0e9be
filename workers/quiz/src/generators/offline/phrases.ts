import type { Language } from '@hub/proto';
import type { NoticeKind } from './sop-structure.ts';
import type { ValueKind } from './values.ts';

/**
 * The offline generator's sentences in each language an SOP may be written in: its questions are
 * in the SOP's own language. Places are phrased so they read after "Según" / "Selon" / "in"
 * without contracting ("de el", "de le").
 */
export interface Phrases {
  theSop: string;
  step: (step: number, heading: string | null) => string;
  notice: (notice: NoticeKind, heading: string | null) => string;
  section: (heading: string) => string;
  /** "in "Cooking"" / "in the SOP". */
  inSection: (heading: string | null) => string;
  requiredValue: (kind: ValueKind, place: string, blanked: string, isStep: boolean) => string;
  ppe: (place: string, isStep: boolean) => string;
  warning: (isNote: boolean, heading: string | null) => string;
  nextStep: (heading: string | null, shown: string) => string;
  previousStep: (heading: string | null, shown: string) => string;
  sectionStatement: (heading: string, first: boolean) => string;
  keyTerm: (place: string, cloze: string) => string;
  explanation: (place: string, passage: string) => string;
  title: (title: string) => string;
  description: (
    title: string,
    counts: { sections: number; steps: number; warnings: number },
    headings: string[],
    more: boolean,
  ) => string;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const EN_NOUNS: Record<ValueKind, string> = {
  temperature: 'temperature',
  time: 'time',
  torque: 'torque',
  pressure: 'pressure',
  percentage: 'percentage',
  quantity: 'amount',
};
const EN_NOTICES: Record<NoticeKind, string> = {
  warning: 'warning',
  caution: 'caution',
  danger: 'danger',
  note: 'note',
  important: 'important',
};

const en: Phrases = {
  theSop: 'the SOP',
  step: (step, heading) => `step ${step}${heading ? ` of "${heading}"` : ''}`,
  notice: (notice, heading) =>
    `the ${EN_NOTICES[notice]} in ${heading ? `"${heading}"` : 'the SOP'}`,
  section: (heading) => `the section "${heading}"`,
  inSection: (heading) => `in ${heading ? `"${heading}"` : 'the SOP'}`,
  requiredValue: (kind, place, blanked, isStep) =>
    isStep
      ? `What is the required ${EN_NOUNS[kind]} in ${place}: "${blanked}"?`
      : `Which ${EN_NOUNS[kind]} does ${place} give: "${blanked}"?`,
  ppe: (place, isStep) =>
    `What PPE must be worn ${isStep ? `when carrying out ${place}` : `according to ${place}`}?`,
  warning: (isNote, heading) =>
    `What does the SOP ${isNote ? 'note' : 'warn about'} ${en.inSection(heading)}?`,
  nextStep: (heading, shown) =>
    `${capital(en.inSection(heading))}, which step comes right after "${shown}"?`,
  previousStep: (heading, shown) =>
    `${capital(en.inSection(heading))}, what must you do right before "${shown}"?`,
  sectionStatement: (heading, first) =>
    first
      ? `Which statement comes from the "${heading}" section of the SOP?`
      : `Which of these does the "${heading}" section of the SOP say?`,
  keyTerm: (place, cloze) => `Which word completes this statement from ${place}: "${cloze}"?`,
  explanation: (place, passage) => `${capital(place)} states: "${passage}"`,
  title: (title) => `Evaluation: ${title}`,
  description: (title, counts, headings, more) =>
    `Checks understanding of the SOP "${title}": ${count(counts.sections, 'section', 'sections')}, ` +
    `${count(counts.steps, 'numbered step', 'numbered steps')} and ${count(counts.warnings, 'warning', 'warnings')}.` +
    (headings.length ? ` It covers ${headings.join(', ')}${more ? ', and more' : ''}.` : ''),
};

const ES_REQUIRED: Record<ValueKind, string> = {
  temperature: 'la temperatura requerida',
  time: 'el tiempo requerido',
  torque: 'el par de apriete requerido',
  pressure: 'la presión requerida',
  percentage: 'el porcentaje requerido',
  quantity: 'la cantidad requerida',
};
const ES_WHICH: Record<ValueKind, string> = {
  temperature: 'qué temperatura',
  time: 'cuánto tiempo',
  torque: 'qué par de apriete',
  pressure: 'qué presión',
  percentage: 'qué porcentaje',
  quantity: 'qué cantidad',
};
const ES_NOTICES: Record<NoticeKind, string> = {
  warning: 'la advertencia',
  caution: 'la precaución',
  danger: 'el aviso de peligro',
  note: 'la nota',
  important: 'el aviso importante',
};

/** Spanish for the plant floor: tú, short and direct, as the web app's catalog. */
const es: Phrases = {
  theSop: 'el procedimiento',
  step: (step, heading) => `el paso ${step}${heading ? ` de "${heading}"` : ''}`,
  notice: (notice, heading) =>
    `${ES_NOTICES[notice]} ${heading ? `de "${heading}"` : 'del procedimiento'}`,
  section: (heading) => `la sección "${heading}"`,
  inSection: (heading) => `en ${heading ? `"${heading}"` : 'el procedimiento'}`,
  requiredValue: (kind, place, blanked, isStep) =>
    isStep
      ? `Según ${place}, ¿cuál es ${ES_REQUIRED[kind]}?: "${blanked}"`
      : `Según ${place}, ¿${ES_WHICH[kind]} se indica?: "${blanked}"`,
  ppe: (place, isStep) =>
    isStep ? `¿Qué EPP tienes que usar en ${place}?` : `Según ${place}, ¿qué EPP tienes que usar?`,
  warning: (isNote, heading) =>
    isNote
      ? `¿Qué señala el procedimiento ${es.inSection(heading)}?`
      : `¿Sobre qué advierte el procedimiento ${es.inSection(heading)}?`,
  nextStep: (heading, shown) =>
    `${capital(es.inSection(heading))}, ¿qué paso va justo después de "${shown}"?`,
  previousStep: (heading, shown) =>
    `${capital(es.inSection(heading))}, ¿qué tienes que hacer justo antes de "${shown}"?`,
  sectionStatement: (heading, first) =>
    first
      ? `¿Qué frase aparece en la sección "${heading}" del procedimiento?`
      : `¿Cuál de estas indicaciones da la sección "${heading}" del procedimiento?`,
  keyTerm: (place, cloze) => `¿Qué palabra completa esta frase (${place})?: "${cloze}"`,
  explanation: (place, passage) => `${capital(place)} dice: "${passage}"`,
  title: (title) => `Evaluación: ${title}`,
  description: (title, counts, headings, more) =>
    `Comprueba que se entiende el procedimiento "${title}": ${count(counts.sections, 'sección', 'secciones')}, ` +
    `${count(counts.steps, 'paso numerado', 'pasos numerados')} y ${count(counts.warnings, 'advertencia', 'advertencias')}.` +
    (headings.length ? ` Trata: ${headings.join(', ')}${more ? ' y más' : ''}.` : ''),
};

const FR_REQUIRED: Record<ValueKind, string> = {
  temperature: 'quelle est la température exigée',
  time: 'quel est le temps exigé',
  torque: 'quel est le couple de serrage exigé',
  pressure: 'quelle est la pression exigée',
  percentage: 'quel est le pourcentage exigé',
  quantity: 'quelle est la quantité exigée',
};
const FR_WHICH: Record<ValueKind, string> = {
  temperature: 'quelle température est indiquée',
  time: 'quelle durée est indiquée',
  torque: 'quel couple de serrage est indiqué',
  pressure: 'quelle pression est indiquée',
  percentage: 'quel pourcentage est indiqué',
  quantity: 'quelle quantité est indiquée',
};
const FR_NOTICES: Record<NoticeKind, string> = {
  warning: 'l’avertissement',
  caution: 'la mise en garde',
  danger: 'la mention « danger »',
  note: 'la remarque',
  important: 'la mention « important »',
};
const frQuoted = (heading: string) => `« ${heading} »`;

/** French for the plant floor: vous, short and direct, as the web app's catalog. */
const fr: Phrases = {
  theSop: 'le mode opératoire',
  step: (step, heading) => `l’étape ${step}${heading ? ` de ${frQuoted(heading)}` : ''}`,
  notice: (notice, heading) =>
    `${FR_NOTICES[notice]} ${heading ? `de ${frQuoted(heading)}` : 'du mode opératoire'}`,
  section: (heading) => `la section ${frQuoted(heading)}`,
  inSection: (heading) => `dans ${heading ? frQuoted(heading) : 'le mode opératoire'}`,
  requiredValue: (kind, place, blanked, isStep) =>
    `Selon ${place}, ${isStep ? FR_REQUIRED[kind] : FR_WHICH[kind]} : « ${blanked} » ?`,
  ppe: (place) => `Selon ${place}, quel EPI faut-il porter ?`,
  warning: (isNote, heading) =>
    isNote
      ? `Que signale le mode opératoire ${fr.inSection(heading)} ?`
      : `Contre quoi le mode opératoire met-il en garde ${fr.inSection(heading)} ?`,
  nextStep: (heading, shown) =>
    `${capital(fr.inSection(heading))}, quelle étape vient juste après « ${shown} » ?`,
  previousStep: (heading, shown) =>
    `${capital(fr.inSection(heading))}, que faut-il faire juste avant « ${shown} » ?`,
  sectionStatement: (heading, first) =>
    first
      ? `Quelle phrase figure dans la section ${frQuoted(heading)} du mode opératoire ?`
      : `Laquelle de ces consignes la section ${frQuoted(heading)} du mode opératoire donne-t-elle ?`,
  keyTerm: (place, cloze) => `Quel mot complète cette phrase (${place}) : « ${cloze} » ?`,
  explanation: (place, passage) => `${capital(place)} indique : « ${passage} »`,
  title: (title) => `Évaluation : ${title}`,
  description: (title, counts, headings, more) =>
    `Vérifie la compréhension du mode opératoire ${frQuoted(title)} : ${count(counts.sections, 'section', 'sections')}, ` +
    `${count(counts.steps, 'étape numérotée', 'étapes numérotées')} et ${count(counts.warnings, 'avertissement', 'avertissements')}.` +
    (headings.length ? ` Il couvre : ${headings.join(', ')}${more ? ', etc.' : ''}.` : ''),
};

export const PHRASES: Record<Language, Phrases> = { en, es, fr };
