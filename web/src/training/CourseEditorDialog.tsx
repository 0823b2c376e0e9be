import { COURSE_DIFFICULTIES, SaveCourseRequest, type Course } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { moveItem, removeAt } from '../evaluations/evaluationText';
import { hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { documentsWithEvaluation } from '../observations/format';
import { sopChoicesQuery } from '../observations/queries';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import {
  inputClass,
  primaryButtonClass,
  selectClass,
  smallOutlineButtonClass,
  textareaClass,
} from '../ui/styles';
import { useSaveCourse } from './mutations';
import { courseDraftOf, courseErrors, emptyCourseDraft, type CourseDraft } from './training';
import { useTranslation } from 'react-i18next';

interface CourseEditorDialogProps {
  /** null: closed; 'new': a new course; a course: editing it. */
  editing: Course | 'new' | null;
  onClose: () => void;
}

export function CourseEditorDialog({ editing, onClose }: CourseEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editing === 'new' ? t('training.editor.newTitle') : t('training.editor.editTitle')}
      description={t('training.editor.description')}
      width="max-w-2xl"
      testId="course-editor"
    >
      {editing !== null && (
        <CourseForm
          key={editing === 'new' ? 'new' : editing.id}
          course={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function CourseForm({ course, onDone }: { course: Course | null; onDone: () => void }) {
  const { t } = useTranslation();
  const documents = useQuery(sopChoicesQuery);
  const [draft, setDraft] = useState<CourseDraft>(() =>
    course ? courseDraftOf(course) : emptyCourseDraft(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState('');

  const choices = documentsWithEvaluation(documents.data?.documents ?? []);
  const titleOf = (id: number) =>
    choices.find((choice) => choice.id === id)?.title ??
    course?.sops.find((sop) => sop.documentId === id)?.title ??
    t('training.editor.documentNumber', { id });
  const available = choices.filter((choice) => !draft.documentIds.includes(choice.id));

  const save = useSaveCourse(course, onDone);

  const set = (patch: Partial<CourseDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = courseErrors(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate(SaveCourseRequest.parse(draft));
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="course-title" label={t('training.editor.title')} error={errors['title']}>
        <input
          id="course-title"
          value={draft.title}
          maxLength={300}
          onChange={(event) => set({ title: event.target.value })}
          className={inputClass}
        />
      </Field>
      <Field
        id="course-description"
        label={t('training.editor.descriptionField')}
        error={errors['description']}
      >
        <textarea
          id="course-description"
          rows={3}
          value={draft.description}
          maxLength={5000}
          onChange={(event) => set({ description: event.target.value })}
          className={textareaClass.replace('font-mono ', '')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="course-category"
          label={t('training.editor.category')}
          error={errors['category']}
        >
          <input
            id="course-category"
            value={draft.category}
            maxLength={100}
            onChange={(event) => set({ category: event.target.value })}
            className={inputClass}
            placeholder={t('training.editor.categoryPlaceholder')}
          />
        </Field>
        <Field
          id="course-difficulty"
          label={t('training.editor.difficulty')}
          error={errors['difficulty']}
        >
          <select
            id="course-difficulty"
            value={draft.difficulty}
            onChange={(event) => set({ difficulty: event.target.value })}
            className={selectClass}
          >
            {COURSE_DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {t(`training.difficulty.${difficulty}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="course-duration"
          label={t('training.editor.duration')}
          error={errors['duration']}
        >
          <input
            id="course-duration"
            value={draft.duration}
            maxLength={100}
            onChange={(event) => set({ duration: event.target.value })}
            className={inputClass}
            placeholder={t('training.editor.durationPlaceholder')}
          />
        </Field>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('training.editor.sops')}</legend>
        {draft.documentIds.length === 0 && (
          <p className="text-sm text-slate-500">{t('training.editor.noSops')}</p>
        )}
        <ol className="space-y-1.5">
          {draft.documentIds.map((id, index) => (
            <li
              key={id}
              data-testid="course-sop"
              className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm dark:border-slate-800"
            >
              <span className="w-5 text-slate-500">{index + 1}.</span>
              <span className="min-w-0 flex-1 break-words">{titleOf(id)}</span>
              <button
                type="button"
                aria-label={t('training.editor.moveUp', { title: titleOf(id) })}
                disabled={index === 0}
                onClick={() => set({ documentIds: moveItem(draft.documentIds, index, index - 1) })}
                className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
              >
                <ArrowUp className="size-3.5" />
              </button>
              <button
                type="button"
                aria-label={t('training.editor.moveDown', { title: titleOf(id) })}
                disabled={index === draft.documentIds.length - 1}
                onClick={() => set({ documentIds: moveItem(draft.documentIds, index, index + 1) })}
                className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
              >
                <ArrowDown className="size-3.5" />
              </button>
              <button
                type="button"
                aria-label={t('training.editor.remove', { title: titleOf(id) })}
                onClick={() => set({ documentIds: removeAt(draft.documentIds, index) })}
                className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ol>
        <div className="flex items-center gap-2">
          <select
            aria-label={t('training.editor.sopToAdd')}
            data-testid="course-sop-choice"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className={selectClass}
          >
            <option value="">
              {documents.isPending ? t('training.editor.loading') : t('training.editor.choose')}
            </option>
            {available.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title}
              </option>
            ))}
          </select>
          <button
            type="button"
            data-testid="course-sop-add"
            disabled={adding === ''}
            onClick={() => {
              set({ documentIds: [...draft.documentIds, Number(adding)] });
              setAdding('');
            }}
            className={`${smallOutlineButtonClass} h-10`}
          >
            <Plus className="size-3.5" /> {t('training.editor.add')}
          </button>
        </div>
        {errors['documentIds'] && (
          <p role="alert" className="text-xs text-red-600">
            {errors['documentIds']}
          </p>
        )}
        <p className="text-xs text-slate-500">{t('training.editor.onlyPublished')}</p>
      </fieldset>

      <button
        type="submit"
        data-testid="course-save"
        disabled={save.isPending}
        className={primaryButtonClass}
      >
        {save.isPending
          ? t('training.editor.saving')
          : course
            ? t('training.editor.save')
            : t('training.editor.create')}
      </button>
    </form>
  );
}
