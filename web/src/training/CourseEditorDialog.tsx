import { COURSE_DIFFICULTIES, SaveCourseRequest, type Course } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useForm } from '@tanstack/react-form';
import { type ReactNode, useState } from 'react';
import { ConflictNotice } from '../evaluations/ConflictNotice';
import { moveItem, removeAt } from '../evaluations/evaluationText';
import { fieldsValidator, firstError, submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { documentsWithEvaluation } from '../observations/format';
import { sopChoicesQuery } from '../observations/queries';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { Field } from '../ui/Field';
import {
  primaryButtonClass,
  selectClass,
  smallOutlineButtonClass,
  textareaClass,
} from '../ui/styles';
import { toast } from '../toast/toastStore';
import { useReloadCourse, useSaveCourse } from './mutations';
import { courseDraftOf, courseErrors, emptyCourseDraft } from './training';
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
        <CourseEditor
          key={editing === 'new' ? 'new' : editing.id}
          course={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

/**
 * The form on the version of the course it was read at. A save refused because someone else
 * saved the course meanwhile (409 `course_changed`) keeps the draft on screen, saving off, with
 * the evaluation editor's notice: reloading puts the latest version in the form (keyed by it).
 */
function CourseEditor({ course, onDone }: { course: Course | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(course);
  const [conflict, setConflict] = useState(false);
  const reload = useReloadCourse(course?.id ?? null);
  const reloadLatest = () =>
    reload.mutate(undefined, {
      onSuccess: (latest) => {
        if (!latest) {
          toast({
            title: t('training.editor.saveFailedTitle'),
            description: t('training.editor.gone'),
          });
          return onDone();
        }
        setCurrent(latest);
        setConflict(false);
      },
    });
  return (
    <CourseForm
      key={current?.updatedAt ?? 'new'}
      course={current}
      onDone={onDone}
      onConflict={() => setConflict(true)}
      conflict={
        conflict && (
          <ConflictNotice subject="course" onReload={reloadLatest} reloading={reload.isPending} />
        )
      }
    />
  );
}

function CourseForm({
  course,
  onDone,
  onConflict,
  conflict,
}: {
  course: Course | null;
  onDone: () => void;
  onConflict: () => void;
  /** The notice of a refused save, shown above the save button (which it turns off). */
  conflict: ReactNode;
}) {
  const { t } = useTranslation();
  const save = useSaveCourse(course, onDone, onConflict);
  const form = useForm({
    defaultValues: course ? courseDraftOf(course) : emptyCourseDraft(),
    validators: { onSubmit: fieldsValidator(courseErrors) },
    onSubmit: ({ value }) => save.mutate(SaveCourseRequest.parse(value)),
  });

  return (
    <form onSubmit={submitForm(form)} className="space-y-4" noValidate>
      <form.Field name="title">
        {(field) => (
          <TextField
            field={field}
            id="course-title"
            label={t('training.editor.title')}
            maxLength={300}
          />
        )}
      </form.Field>
      <form.Field name="description">
        {(field) => (
          <TextField
            field={field}
            id="course-description"
            rows={3}
            label={t('training.editor.descriptionField')}
            maxLength={5000}
            className={textareaClass.replace('font-mono ', '')}
          />
        )}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <form.Field name="category">
          {(field) => (
            <TextField
              field={field}
              id="course-category"
              label={t('training.editor.category')}
              maxLength={100}
              placeholder={t('training.editor.categoryPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="difficulty">
          {(field) => (
            <Field
              id="course-difficulty"
              label={t('training.editor.difficulty')}
              error={firstError(field.state.meta.errors)}
            >
              <select
                id="course-difficulty"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                className={selectClass}
              >
                {COURSE_DIFFICULTIES.map((difficulty) => (
                  <option key={difficulty} value={difficulty}>
                    {t(`training.difficulty.${difficulty}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        <form.Field name="duration">
          {(field) => (
            <TextField
              field={field}
              id="course-duration"
              label={t('training.editor.duration')}
              maxLength={100}
              placeholder={t('training.editor.durationPlaceholder')}
            />
          )}
        </form.Field>
      </div>

      <form.Field name="documentIds">
        {(field) => (
          <CourseSops
            course={course}
            ids={field.state.value}
            onChange={field.handleChange}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>

      {conflict}
      <DialogFooter>
        <button
          type="submit"
          data-testid="course-save"
          disabled={save.isPending || Boolean(conflict)}
          className={primaryButtonClass}
        >
          {save.isPending
            ? t('training.editor.saving')
            : course
              ? t('training.editor.save')
              : t('training.editor.create')}
        </button>
      </DialogFooter>
    </form>
  );
}

/** The course's SOPs, in order: moved, removed, and added from those with an evaluation. */
function CourseSops({
  course,
  ids,
  onChange,
  error,
}: {
  course: Course | null;
  ids: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const documents = useQuery(sopChoicesQuery);
  const [adding, setAdding] = useState('');

  const choices = documentsWithEvaluation(documents.data?.documents ?? []);
  const titleOf = (id: number) =>
    choices.find((choice) => choice.id === id)?.title ??
    course?.sops.find((sop) => sop.documentId === id)?.title ??
    t('training.editor.documentNumber', { id });
  const available = choices.filter((choice) => !ids.includes(choice.id));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('training.editor.sops')}</legend>
      {ids.length === 0 && <p className="text-sm text-slate-500">{t('training.editor.noSops')}</p>}
      <ol className="space-y-1.5">
        {ids.map((id, index) => (
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
              onClick={() => onChange(moveItem(ids, index, index - 1))}
              className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
            >
              <ArrowUp className="size-3.5" />
            </button>
            <button
              type="button"
              aria-label={t('training.editor.moveDown', { title: titleOf(id) })}
              disabled={index === ids.length - 1}
              onClick={() => onChange(moveItem(ids, index, index + 1))}
              className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
            >
              <ArrowDown className="size-3.5" />
            </button>
            <button
              type="button"
              aria-label={t('training.editor.remove', { title: titleOf(id) })}
              onClick={() => onChange(removeAt(ids, index))}
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
            onChange([...ids, Number(adding)]);
            setAdding('');
          }}
          className={`${smallOutlineButtonClass} h-10`}
        >
          <Plus className="size-3.5" /> {t('training.editor.add')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-500">{t('training.editor.onlyPublished')}</p>
    </fieldset>
  );
}
