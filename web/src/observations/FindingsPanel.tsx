import {
  api,
  CreateFindingRequest,
  FINDING_CATEGORIES,
  FINDING_SEVERITIES,
  type Finding,
  type ObservationSession,
} from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { Field } from '../ui/Field';
import { selectClass, smallOutlineButtonClass, textareaClass } from '../ui/styles';
import { capitalize, severityTone } from './format';
import { observationSessionQuery, refreshObservations } from './queries';

interface FindingsPanelProps {
  session: ObservationSession;
  /** During the session new findings are recorded. */
  canRecord: boolean;
  /** From the completed summary findings are resolved. */
  canResolve: boolean;
}

export function FindingsPanel({ session, canRecord, canResolve }: FindingsPanelProps) {
  const queryClient = useQueryClient();
  const sessionKey = observationSessionQuery(session.id).queryKey;

  const store = (finding: Finding) =>
    queryClient.setQueryData(sessionKey, (current) =>
      current
        ? {
            ...current,
            findings: current.findings.some((item) => item.id === finding.id)
              ? current.findings.map((item) => (item.id === finding.id ? finding : item))
              : [...current.findings, finding],
          }
        : current,
    );

  const resolve = useMutation({
    mutationFn: (findingId: number) =>
      call(api.resolveFinding, { params: { id: session.id, findingId } }),
    onSuccess: async (finding) => {
      store(finding);
      toast({ title: 'Finding resolved' });
      await refreshObservations(queryClient);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to resolve finding')),
  });

  return (
    <Card testId="findings-panel" className="space-y-4">
      <CardTitle>Findings ({session.findings.length})</CardTitle>
      {session.findings.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No findings recorded</p>
      ) : (
        <ul className="space-y-2">
          {session.findings.map((finding) => (
            <li
              key={finding.id}
              data-testid="finding"
              data-status={finding.status}
              className="space-y-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={severityTone(finding.severity)}>{capitalize(finding.severity)}</Badge>
                <Badge tone="blue">{capitalize(finding.category)}</Badge>
                <Badge tone={finding.status === 'resolved' ? 'green' : 'amber'}>
                  {finding.status === 'resolved' ? 'Resolved' : 'Open'}
                </Badge>
                <span className="ml-auto text-xs text-slate-500">
                  {formatDateTime(finding.createdAt)}
                </span>
              </div>
              <p className="whitespace-pre-wrap">{finding.note}</p>
              {finding.status === 'open' && canResolve && (
                <button
                  type="button"
                  data-testid="resolve-finding"
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate(finding.id)}
                  className={smallOutlineButtonClass}
                >
                  <CheckCircle2 className="size-3.5" /> Mark resolved
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRecord && <RecordFinding sessionId={session.id} onRecorded={store} />}
    </Card>
  );
}

function RecordFinding({
  sessionId,
  onRecorded,
}: {
  sessionId: number;
  onRecorded: (finding: Finding) => void;
}) {
  const queryClient = useQueryClient();
  const [severity, setSeverity] = useState('');
  const [category, setCategory] = useState('');
  const [note, setNote] = useState('');

  const record = useMutation({
    mutationFn: (body: CreateFindingRequest) =>
      call(api.addFinding, { params: { id: sessionId }, body }),
    onSuccess: async (finding) => {
      onRecorded(finding);
      setNote('');
      toast({ title: 'Finding recorded' });
      await refreshObservations(queryClient);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to record finding')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateFindingRequest.safeParse({ severity, category, note });
    if (!parsed.success) {
      toast({
        title: 'Missing Information',
        description: parsed.error.issues[0]?.message ?? 'Please describe the finding.',
        variant: 'destructive',
      });
      return;
    }
    record.mutate(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      data-testid="record-finding"
      className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="finding-severity" label="Severity">
          <select
            id="finding-severity"
            value={severity}
            onChange={(event) => setSeverity(event.target.value)}
            className={selectClass}
          >
            <option value="">Select severity</option>
            {FINDING_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {capitalize(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="finding-category" label="Category">
          <select
            id="finding-category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className={selectClass}
          >
            <option value="">Select category</option>
            {FINDING_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {capitalize(value)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="finding-note" label="Note">
        <textarea
          id="finding-note"
          rows={2}
          maxLength={5000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={textareaClass.replace('font-mono ', '')}
          placeholder="What did you observe?"
        />
      </Field>
      <button type="submit" disabled={record.isPending} className={smallOutlineButtonClass}>
        <Flag className="size-3.5" /> {record.isPending ? 'Recording...' : 'Record finding'}
      </button>
    </form>
  );
}
