import { type LibraryDocument } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { currentUserQuery } from '../api/queries';
import { toast } from '../toast/toastStore';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { primaryButtonClass, selectClass, textareaClass } from '../ui/styles';
import { documentsWithEvaluation, observableMembers, startRequest } from './format';
import { useStartObservation } from './mutations';
import { sopChoicesQuery, teamMembersQuery } from './queries';
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
  const members = useQuery(teamMembersQuery);
  const documents = useQuery(sopChoicesQuery);
  const [operatorId, setOperatorId] = useState('');
  const [documentId, setDocumentId] = useState(preselected ? String(preselected.id) : '');
  const [initialNotes, setInitialNotes] = useState('');

  const self = useQuery(currentUserQuery).data;
  const operators = observableMembers(members.data ?? [], self?.id);
  const choices: DocumentChoice[] = documentsWithEvaluation(documents.data?.documents ?? []);
  if (preselected && !choices.some((choice) => choice.id === preselected.id)) {
    choices.unshift(preselected);
  }

  const create = useStartObservation(onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = startRequest({ operatorId, documentId, initialNotes }, choices);
    if ('error' in request) {
      toast(request.error);
      return;
    }
    create.mutate(request.body);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
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
        <select
          id="observation-operator"
          data-testid="observation-operator"
          value={operatorId}
          onChange={(event) => setOperatorId(event.target.value)}
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
      <Field
        id="observation-document"
        label={t('observations.start.document')}
        hint={t('observations.start.documentHint')}
      >
        <select
          id="observation-document"
          data-testid="observation-document"
          value={documentId}
          onChange={(event) => setDocumentId(event.target.value)}
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
      <Field id="observation-notes" label={t('observations.start.notes')}>
        <textarea
          id="observation-notes"
          rows={3}
          maxLength={5000}
          value={initialNotes}
          onChange={(event) => setInitialNotes(event.target.value)}
          className={textareaClass.replace('font-mono ', '')}
          placeholder={t('observations.start.notesPlaceholder')}
        />
      </Field>
      <button
        type="submit"
        data-testid="start-observation-submit"
        disabled={create.isPending}
        className={primaryButtonClass}
      >
        <Play className="size-4" />
        {create.isPending ? t('observations.start.starting') : t('observations.start.submit')}
      </button>
    </form>
  );
}
