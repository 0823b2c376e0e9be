import {
  CREATABLE_ROLES,
  CreateUserRequest,
  type CreatableRole,
  type CreateUserRequest as CreateUserBody,
} from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrors, hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { inputClass, selectClass, smallButtonClass } from '../ui/styles';
import { checkAdminPicture } from '../uploads/imageFile';
import { useCreateUser } from './mutations';
import { adminOrganizationsQuery } from './queries';
import { useTranslation } from 'react-i18next';

interface Draft {
  email: string;
  name: string;
  organizationId: string;
  role: CreatableRole;
}

const EMPTY: Draft = { email: '', name: '', organizationId: '', role: 'operator' };

const isCreatableRole = (value: string): value is CreatableRole =>
  (CREATABLE_ROLES as readonly string[]).includes(value);

export function CreateUserForm() {
  const { t } = useTranslation();
  const organizations = useQuery(adminOrganizationsQuery);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [picture, setPicture] = useState<File | null>(null);
  // Changing the key empties the file input after a rejected file or a created user.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useCreateUser(() => {
    setDraft(EMPTY);
    setPicture(null);
    setFileInputKey((key) => key + 1);
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkAdminPicture(file) : null;
    if (problem) {
      toast({
        title: t('admin.createUser.invalidFile'),
        description: problem,
        variant: 'destructive',
      });
      setPicture(null);
      setFileInputKey((key) => key + 1);
      return;
    }
    setPicture(file);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: CreateUserBody = {
      email: draft.email,
      name: draft.name,
      organizationId: Number(draft.organizationId) || 0,
      role: draft.role,
      profilePicture: null,
    };
    const found = fieldErrors(CreateUserRequest, body);
    setErrors(found);
    if (!hasErrors(found)) create.mutate({ body, file: picture });
  };

  const busy = create.isPending;
  return (
    <Card>
      <CardTitle>{t('admin.createUser.title')}</CardTitle>
      <form noValidate onSubmit={submit} data-testid="create-user-form" className="mt-4 space-y-4">
        <Field id="user-email" label={t('admin.createUser.email')} error={errors.email}>
          <input
            id="user-email"
            type="email"
            value={draft.email}
            disabled={busy}
            placeholder={t('admin.createUser.emailPlaceholder')}
            onChange={(event) => set('email', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="user-name" label={t('admin.createUser.name')} error={errors.name}>
          <input
            id="user-name"
            value={draft.name}
            disabled={busy}
            onChange={(event) => set('name', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          id="user-organization"
          label={t('admin.createUser.organization')}
          error={errors.organizationId}
        >
          <select
            id="user-organization"
            value={draft.organizationId}
            disabled={busy}
            onChange={(event) => set('organizationId', event.target.value)}
            className={selectClass}
          >
            <option value="">{t('admin.createUser.chooseOrganization')}</option>
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.displayName}
              </option>
            ))}
          </select>
        </Field>
        <Field id="user-role" label={t('admin.createUser.role')} error={errors.role}>
          <select
            id="user-role"
            value={draft.role}
            disabled={busy}
            onChange={(event) => {
              if (isCreatableRole(event.target.value)) set('role', event.target.value);
            }}
            className={selectClass}
          >
            {CREATABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="user-picture"
          label={t('admin.createUser.picture')}
          hint={t('admin.createUser.pictureHint')}
        >
          <input
            key={fileInputKey}
            id="user-picture"
            type="file"
            accept="image/*"
            disabled={busy}
            onChange={choosePicture}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-slate-800"
          />
        </Field>
        <button type="submit" disabled={busy} className={smallButtonClass}>
          {busy ? t('admin.creating') : t('admin.createUser.submit')}
        </button>
      </form>
    </Card>
  );
}
