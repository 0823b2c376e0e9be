import type { ObservationSession, ResponseSubmission } from '@hub/proto';
import clsx from 'clsx';
import { useState } from 'react';
import { categoryText, optionLetter } from '../evaluations/evaluationText';
import { useMediaQuery, WIDE_SCREEN } from '../shell/useMediaQuery';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { textareaClass } from '../ui/styles';
import { advanceLabel, isLastQuestion } from './format';
import { SessionActionBar } from './SessionActionBar';
import { useQuestionTimer } from './useQuestionTimer';
import { useTranslation } from 'react-i18next';

interface QuestionStepProps {
  session: ObservationSession;
  index: number;
  now: number;
  /** Items in the outbox: the last answer (which completes the observation) waits for them. */
  waiting: number;
  onAnswer: (answer: Omit<ResponseSubmission, 'idempotencyKey'>) => void;
}

/** One question: its options, notes, timer and advance button. Keyed by question by its parent. */
export function QuestionStep({ session, index, now, waiting, onAnswer }: QuestionStepProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const total = session.totalQuestions || session.questions.length;
  const question = session.questions[index]!;
  const timer = useQuestionTimer(now, session.id, question.id);
  const last = isLastQuestion(index, total);
  // On a phone or tablet, held in one hand: the timer and the advance button stay on screen.
  const wide = useMediaQuery(WIDE_SCREEN);
  const blockedReason =
    last && waiting > 0 ? t('observations.session.blocked', { count: waiting }) : null;

  const advance = () => {
    if (selected === null) {
      toast({
        title: t('observations.session.missingResponse'),
        description: t('observations.session.missingResponseDescription'),
        variant: 'destructive',
      });
      return;
    }
    onAnswer({
      questionId: question.id,
      selectedOption: optionLetter(selected),
      selectedOptionText: question.options[selected] ?? '',
      timeSpentSeconds: timer.spentSoFar(),
      managerNotes: notes.trim(),
    });
  };

  const actions = (
    <SessionActionBar
      pinned={!wide}
      questionSeconds={timer.seconds}
      waiting={waiting}
      label={advanceLabel(index, total)}
      disabled={selected === null || blockedReason !== null}
      blockedReason={blockedReason}
      onAdvance={advance}
    />
  );

  return (
    <>
      <Card testId="session-question" className="space-y-5">
        <div className="flex flex-wrap items-start gap-3">
          <h2 data-testid="question-text" className="min-w-0 flex-1 text-lg font-semibold">
            {question.text}
          </h2>
          {question.category && (
            <Badge tone="blue" testId="question-category">
              {categoryText(question.category)}
            </Badge>
          )}
        </div>
        <div role="radiogroup" aria-label={t('observations.session.options')} className="space-y-2">
          {question.options.map((option, optionIndex) => {
            const checked = selected === optionIndex;
            return (
              <button
                key={optionIndex}
                type="button"
                role="radio"
                aria-checked={checked}
                data-testid="session-option"
                data-letter={optionLetter(optionIndex)}
                onClick={() => setSelected(optionIndex)}
                className={clsx(
                  'flex w-full items-start gap-3 rounded-md border px-4 py-3 text-left text-sm max-lg:min-h-14 max-lg:items-center max-lg:py-4 max-lg:text-base',
                  checked
                    ? 'border-blue-600 bg-blue-50 dark:bg-blue-950'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900',
                )}
              >
                <span
                  className={clsx(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold max-lg:size-8 max-lg:text-sm',
                    checked ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300',
                  )}
                >
                  {optionLetter(optionIndex)}
                </span>
                <span className="min-w-0 pt-0.5 break-words max-lg:pt-0">{option}</span>
              </button>
            );
          })}
        </div>
        <div className="space-y-1.5">
          <label htmlFor="manager-notes" className="text-sm font-medium">
            {t('observations.session.notes')}
          </label>
          <textarea
            id="manager-notes"
            rows={2}
            maxLength={5000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t('observations.session.notesPlaceholder')}
            className={textareaClass.replace('font-mono ', '')}
          />
        </div>
        {wide && actions}
      </Card>
      {!wide && actions}
    </>
  );
}
