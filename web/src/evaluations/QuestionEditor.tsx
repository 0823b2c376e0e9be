import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Field } from '../ui/Field';
import {
  inputClass,
  smallDangerButtonClass,
  smallOutlineButtonClass,
  textareaClass,
} from '../ui/styles';
import {
  addOption,
  MAX_OPTIONS,
  MIN_OPTIONS,
  optionLetter,
  removeOption,
  replaceAt,
  type DraftErrors,
  type EditorQuestion,
} from './evaluationText';
import { useTranslation } from 'react-i18next';

export const plainTextarea = textareaClass.replace('font-mono ', '');

interface QuestionEditorProps {
  index: number;
  count: number;
  question: EditorQuestion;
  errors: DraftErrors;
  onChange: (question: EditorQuestion) => void;
  onMove: (to: number) => void;
  onDelete: () => void;
}

/** One question of the evaluation: text, category, options with the correct one, sources. */
export function QuestionEditor({
  index,
  count,
  question,
  errors,
  onChange,
  onMove,
  onDelete,
}: QuestionEditorProps) {
  const { t } = useTranslation();
  const id = `question-${question.key}`;
  const set = (patch: Partial<EditorQuestion>) => onChange({ ...question, ...patch });
  const optionsError =
    errors['options'] ??
    Object.entries(errors).find(([key]) => key.startsWith('options.'))?.[1] ??
    errors['correctIndex'];

  return (
    <Card testId="question-editor" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          {t('evaluations.question.heading', { number: index + 1 })}
        </h3>
        <span className="flex-1">
          {question.changed && (
            <Badge tone="amber" testId="question-changed">
              {t('evaluations.question.changed')}
            </Badge>
          )}
        </span>
        <button
          type="button"
          aria-label={t('evaluations.question.moveUp', { number: index + 1 })}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          className={smallOutlineButtonClass}
        >
          <ArrowUp className="size-3.5" />
        </button>
        <button
          type="button"
          aria-label={t('evaluations.question.moveDown', { number: index + 1 })}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          className={smallOutlineButtonClass}
        >
          <ArrowDown className="size-3.5" />
        </button>
        <ConfirmDialog
          title={t('evaluations.question.deleteTitle')}
          description={t('evaluations.question.deleteDescription', { number: index + 1 })}
          confirmLabel={t('evaluations.question.delete')}
          onConfirm={onDelete}
          trigger={
            <button
              type="button"
              aria-label={t('evaluations.question.deleteLabel', { number: index + 1 })}
              className={smallDangerButtonClass}
            >
              <Trash2 className="size-3.5" />
            </button>
          }
        />
      </div>
      <Field id={`${id}-text`} label={t('evaluations.question.text')} error={errors['text']}>
        <textarea
          id={`${id}-text`}
          rows={2}
          value={question.text}
          maxLength={1000}
          onChange={(event) => set({ text: event.target.value })}
          className={plainTextarea}
        />
      </Field>
      <Field
        id={`${id}-category`}
        label={t('evaluations.question.category')}
        error={errors['category']}
      >
        <input
          id={`${id}-category`}
          value={question.category}
          maxLength={60}
          onChange={(event) => set({ category: event.target.value })}
          className={inputClass}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          {t('evaluations.question.options')}{' '}
          <span className="font-normal text-slate-500">
            {t('evaluations.question.chooseCorrect')}
          </span>
        </legend>
        {question.options.map((option, optionIndex) => (
          <div key={optionIndex} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-correct`}
              aria-label={t('evaluations.question.optionCorrect', {
                letter: optionLetter(optionIndex),
              })}
              checked={question.correctIndex === optionIndex}
              onChange={() => set({ correctIndex: optionIndex })}
              className="size-4 accent-green-600"
            />
            <span className="w-5 text-sm font-semibold">{optionLetter(optionIndex)}.</span>
            <input
              aria-label={t('evaluations.question.option', { letter: optionLetter(optionIndex) })}
              value={option}
              maxLength={500}
              onChange={(event) =>
                set({ options: replaceAt(question.options, optionIndex, event.target.value) })
              }
              className={inputClass}
            />
            <button
              type="button"
              aria-label={t('evaluations.question.removeOption', {
                letter: optionLetter(optionIndex),
              })}
              disabled={question.options.length <= MIN_OPTIONS}
              onClick={() => onChange(removeOption(question, optionIndex))}
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
            >
              <X className="size-4" />
            </button>
          </div>
        ))}
        {optionsError && (
          <p role="alert" className="text-xs text-red-600">
            {optionsError}
          </p>
        )}
        <button
          type="button"
          disabled={question.options.length >= MAX_OPTIONS}
          onClick={() => onChange(addOption(question))}
          className={smallOutlineButtonClass}
        >
          <Plus className="size-3.5" /> {t('evaluations.question.addOption')}
        </button>
        <p className="text-xs text-slate-500">
          {t('evaluations.question.optionsRule', { min: MIN_OPTIONS, max: MAX_OPTIONS })}
        </p>
      </fieldset>
      <Field
        id={`${id}-explanation`}
        label={t('evaluations.question.explanation')}
        error={errors['explanation']}
      >
        <textarea
          id={`${id}-explanation`}
          rows={2}
          value={question.explanation}
          maxLength={2000}
          onChange={(event) => set({ explanation: event.target.value })}
          className={plainTextarea}
        />
      </Field>
      <Field
        id={`${id}-source`}
        label={t('evaluations.question.sourcePassage')}
        error={errors['sourcePassage']}
      >
        <textarea
          id={`${id}-source`}
          rows={2}
          value={question.sourcePassage}
          maxLength={2000}
          onChange={(event) => set({ sourcePassage: event.target.value })}
          className={plainTextarea}
        />
      </Field>
    </Card>
  );
}
