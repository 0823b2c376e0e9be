import { api, CreateOrganizationRequest } from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { fieldErrors, hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass } from '../ui/styles';
import { refreshAdminData } from './queries';

const EMPTY = { name: '', displayName: '', domain: '', auth0OrgId: '', samlEnabled: false };
type Draft = typeof EMPTY;

function requestOf(draft: Draft) {
  return {
    name: draft.name,
    displayName: draft.displayName,
    domain: draft.domain,
    samlEnabled: draft.samlEnabled,
    auth0OrgId: draft.samlEnabled ? draft.auth0OrgId : null,
  };
}

export function CreateOrganizationForm() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useMutation({
    mutationFn: (body: ReturnType<typeof requestOf>) => call(api.createOrganization, { body }),
    onSuccess: async (organization) => {
      toast({
        title: 'Organization Created',
        description: `${organization.displayName} has been created.`,
      });
      setDraft(EMPTY);
      await refreshAdminData(queryClient);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to create organization.')),
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = requestOf(draft);
    const found = fieldErrors(CreateOrganizationRequest, body);
    setErrors(found);
    if (!hasErrors(found)) create.mutate(body);
  };

  const busy = create.isPending;
  return (
    <Card>
      <CardTitle>Create Organization</CardTitle>
      <form
        noValidate
        onSubmit={submit}
        data-testid="create-organization-form"
        className="mt-4 space-y-4"
      >
        <Field id="org-name" label="Organization Name" error={errors.name}>
          <input
            id="org-name"
            value={draft.name}
            disabled={busy}
            placeholder="riverside-bakery"
            onChange={(event) => set('name', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="org-display-name" label="Display Name" error={errors.displayName}>
          <input
            id="org-display-name"
            value={draft.displayName}
            disabled={busy}
            placeholder="Riverside Bakery"
            onChange={(event) => set('displayName', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          id="org-domain"
          label="Domain"
          error={errors.domain}
          hint="Email domain of the organization's users, such as acme.com"
        >
          <input
            id="org-domain"
            value={draft.domain}
            disabled={busy}
            placeholder="acme.com"
            onChange={(event) => set('domain', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Checkbox
          id="org-saml"
          label="Enable SAML SSO"
          checked={draft.samlEnabled}
          disabled={busy}
          onChange={(checked) => set('samlEnabled', checked)}
        />
        {draft.samlEnabled && (
          <Field id="org-auth0-id" label="Auth0 Organization ID" error={errors.auth0OrgId}>
            <input
              id="org-auth0-id"
              value={draft.auth0OrgId}
              disabled={busy}
              placeholder="org_..."
              onChange={(event) => set('auth0OrgId', event.target.value)}
              className={inputClass}
            />
          </Field>
        )}
        <button type="submit" disabled={busy} className={smallButtonClass}>
          {busy ? 'Creating...' : 'Create Organization'}
        </button>
      </form>
    </Card>
  );
}
