import { type LibraryDocument, OBSERVED_ROLES } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useRef } from 'react';
import { currentUserQuery } from '../api/queries';
import { submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { primaryButtonClass, selectClass, textareaClass } from '../ui/styles';
import {
  documentsWithEvaluation,
  observableMembers,
  type StartAttempt,
  startAttempt,
  startRequest,
} from './format';
import { useStartObservation } from './mutations';
import { sopChoicesQuery } from './queries';
import { MemberSearchField, useMemberSearch } from '../team/memberSearch';
import { useTranslation } from 'react-i18next';

type DocumentChoice = Pick<LibraryDocument, 'id' | 'title' | 'evaluationId' | 'evaluationStatus'>;

interface StartObservationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from the document viewer: that document is chosen already. */
  preselected?: DocumentChoice | undefined;
}

export function StartObservationDialog({
  open,
  onOpenChange,
  preselected,
}: StartObservationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('observations.start.title')}
      description={t('observations.start.description')}
      testId="start-observation-dialog"
    >
      {/* Mounted only while open: every opening starts from a clean form. */}
      {open && (
        <StartObservationForm preselected={preselected} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function StartObservationForm({
  preselected,
  onDone,
}: {
  preselected: DocumentChoice | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // Observable people, searched on the server (the first MEMBER_CHOICES by name).
  const search = useMemberSearch({ status: 'active', roles: OBSERVED_ROLES.join(',') });
  const members = search.members;
  const documents = useQuery(sopChoicesQuery);

  const self = useQuery(currentUserQuery).data;
  const operators = observableMembers(members.data?.members ?? [], self?.id);
  const choices: DocumentChoice[] = documentsWithEvaluation(documents.data?.documents ?? []);
  if (preselected && !choices.some((choice) => choice.id === preselected.id)) {
    choices.unshift(preselected);
  }

  const create = useStartObservation(onDone);
  // The form's last start: its key goes again with a retry of the same observation (the form is
  // mounted per opening, so each opening starts with a new key).
  const attempt = useRef<StartAttempt | undefined>(undefined);

  const form = useForm({
    defaultValues: {
      operatorId: '',
      documentId: preselected ? String(preselected.id) : '',
      initialNotes: '',
    },
    // What is missing shows as a toast, as the choice lists may still be loading.
    onSubmit: ({ value }) => {
      const request = startRequest(value, choices);
      if ('error' in request) toast(request.error);
      else {
        attempt.current = startAttempt(attempt.current, request.body);
        create.mutate(attempt.current.body);
      }
    },
  });

  return (
    <form onSubmit={submitForm(form)} className="space-y-4" noValidate>
      <form.Field name="operatorId">
        {(field) => (
          <Field
            id="observation-operator"
            label={t('observations.start.operator')}
            hint={
              members.isError
                ? t('observations.start.membersFailed')
                : members.isSuccess && operators.length === 0
                  ? t('observations.start.noOperators')
                  : undefined
            }
          >
            <MemberSearchField
              search={search}
              label={t('ui.search', { noun: t('ui.nouns.people') })}
              testId="observation-operator-search"
            />
            <select
              id="observation-operator"
              data-testid="observation-operator"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              className={selectClass}
            >
              <option value="">
                {members.isPending ? t('common.loading') : t('observations.start.chooseOperator')}
              </option>
              {operators.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({t(`roles.${member.role}`)})
                </option>
              ))}
            </select>
          </Field>
        )}
      </form.Field>
      <form.Field name="documentId">
        {(field) => (
          <Field
            id="observation-document"
            label={t('observations.start.document')}
            hint={t('observations.start.documentHint')}
          >
            <select
              id="observation-document"
              data-testid="observation-document"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              className={selectClass}
            >
              <option value="">
                {documents.isPending ? t('common.loading') : t('observations.start.chooseDocument')}
              </option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                </option>
              ))}
            </select>
          </Field>
        )}
      </form.Field>
      <form.Field name="initialNotes">
        {(field) => (
          <TextField
            field={field}
            id="observation-notes"
            label={t('observations.start.notes')}
            rows={3}
            maxLength={5000}
            className={textareaClass.replace('font-mono ', '')}
            placeholder={t('observations.start.notesPlaceholder')}
          />
        )}
      </form.Field>
      <DialogFooter>
        <button
          type="submit"
          data-testid="start-observation-submit"
          disabled={create.isPending}
          className={primaryButtonClass}
        >
          <Play className="size-4" />
          {create.isPending ? t('observations.start.starting') : t('observations.start.submit')}
        </button>
      </DialogFooter>
    </form>
  );
}
