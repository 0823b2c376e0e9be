import {
  CreateUserRequest,
  type CreatableRole,
  type CreateUserRequest as CreateUserBody,
} from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useState, type ChangeEvent } from 'react';
import { contractValidator, firstError, submitForm } from '../forms/contractForm';
import { RoleSelect } from '../forms/RoleSelect';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { smallButtonClass } from '../ui/styles';
import { checkAdminPicture } from '../uploads/imageFile';
import { useCreateUser } from './mutations';
import { OrganizationPicker } from './OrganizationPicker';
import { useTranslation } from 'react-i18next';

interface Draft {
  email: string;
  name: string;
  organizationId: string;
  role: CreatableRole;
  picture: File | null;
}

const EMPTY: Draft = { email: '', name: '', organizationId: '', role: 'operator', picture: null };

function requestOf(draft: Draft): CreateUserBody {
  return {
    email: draft.email,
    name: draft.name,
    organizationId: Number(draft.organizationId) || 0,
    role: draft.role,
    profilePicture: null,
  };
}

export function CreateUserForm() {
  const { t } = useTranslation();
  // Changing the key empties the file input after a rejected file or a created user.
  const [fileInputKey, setFileInputKey] = useState(0);

  const create = useCreateUser(() => {
    form.reset();
    setFileInputKey((key) => key + 1);
  });
  const form = useForm({
    defaultValues: EMPTY,
    validators: { onSubmit: contractValidator(CreateUserRequest, requestOf) },
    onSubmit: ({ value }) => create.mutate({ body: requestOf(value), file: value.picture }),
  });

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkAdminPicture(file) : null;
    if (problem) {
      toast({
        title: t('admin.createUser.invalidFile'),
        description: problem,
        variant: 'destructive',
      });
      form.setFieldValue('picture', null);
      setFileInputKey((key) => key + 1);
      return;
    }
    form.setFieldValue('picture', file);
  };

  const busy = create.isPending;
  return (
    <Card>
      <CardTitle>{t('admin.createUser.title')}</CardTitle>
      <form
        noValidate
        onSubmit={submitForm(form)}
        data-testid="create-user-form"
        className="mt-4 space-y-4"
      >
        <form.Field name="email">
          {(field) => (
            <TextField
              field={field}
              id="user-email"
              type="email"
              label={t('admin.createUser.email')}
              disabled={busy}
              placeholder={t('admin.createUser.emailPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="name">
          {(field) => (
            <TextField
              field={field}
              id="user-name"
              label={t('admin.createUser.name')}
              disabled={busy}
            />
          )}
        </form.Field>
        <form.Field name="organizationId">
          {(field) => (
            <Field
              id="user-organization"
              label={t('admin.createUser.organization')}
              error={firstError(field.state.meta.errors)}
            >
              <OrganizationPicker
                id="user-organization"
                testId="user-organization"
                value={field.state.value}
                disabled={busy}
                onChange={field.handleChange}
                placeholder={t('admin.createUser.chooseOrganization')}
              />
            </Field>
          )}
        </form.Field>
        <form.Field name="role">
          {(field) => (
            <Field
              id="user-role"
              label={t('admin.createUser.role')}
              error={firstError(field.state.meta.errors)}
            >
              <RoleSelect
                id="user-role"
                value={field.state.value}
                disabled={busy}
                onChange={field.handleChange}
              />
            </Field>
          )}
        </form.Field>
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
