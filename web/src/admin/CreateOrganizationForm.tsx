import { type CreatableRole, CreateOrganizationRequest } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { contractValidator, submitForm } from '../forms/contractForm';
import { RoleSelect } from '../forms/RoleSelect';
import { TextField } from '../forms/TextField';
import { Card, CardTitle } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { Field } from '../ui/Field';
import { smallButtonClass } from '../ui/styles';
import { useCreateOrganization } from './mutations';
import { useTranslation } from 'react-i18next';

const EMPTY = {
  name: '',
  displayName: '',
  domain: '',
  auth0OrgId: '',
  samlEnabled: false,
  // The identity provider: its metadata XML, or entity ID, SSO URL and signing certificate.
  idpMetadataXml: '',
  idpEntityId: '',
  idpSsoUrl: '',
  idpCertificate: '',
  allowSignUp: false,
  signUpRole: 'operator' as CreatableRole,
};
type Draft = typeof EMPTY;

function samlOf(draft: Draft) {
  const given = [draft.idpMetadataXml, draft.idpEntityId, draft.idpSsoUrl, draft.idpCertificate];
  if (!draft.samlEnabled || given.every((value) => value.trim() === '')) return null;
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    metadataXml: text(draft.idpMetadataXml),
    entityId: text(draft.idpEntityId),
    ssoUrl: text(draft.idpSsoUrl),
    certificate: text(draft.idpCertificate),
    allowSignUp: draft.allowSignUp,
    signUpRole: draft.signUpRole,
  };
}

function requestOf(draft: Draft) {
  return {
    name: draft.name,
    displayName: draft.displayName,
    domain: draft.domain,
    samlEnabled: draft.samlEnabled,
    auth0OrgId: draft.samlEnabled ? draft.auth0OrgId : null,
    saml: samlOf(draft),
  };
}

/** The form, and whether its request is on its way. */
function useOrganizationForm() {
  const create = useCreateOrganization(() => form.reset());
  const form = useForm({
    defaultValues: EMPTY,
    validators: {
      // The request's `saml` part is shown under the metadata, its first field.
      onSubmit: contractValidator(CreateOrganizationRequest, requestOf, { saml: 'idpMetadataXml' }),
    },
    onSubmit: ({ value }) => create.mutate(requestOf(value)),
  });
  return { form, busy: create.isPending };
}

type OrganizationForm = ReturnType<typeof useOrganizationForm>['form'];

export function CreateOrganizationForm() {
  const { t } = useTranslation();
  const { form, busy } = useOrganizationForm();
  return (
    <Card>
      <CardTitle>{t('admin.createOrganization.title')}</CardTitle>
      <form
        noValidate
        onSubmit={submitForm(form)}
        data-testid="create-organization-form"
        className="mt-4 space-y-4"
      >
        <form.Field name="name">
          {(field) => (
            <TextField
              field={field}
              id="org-name"
              label={t('admin.createOrganization.name')}
              disabled={busy}
              placeholder={t('admin.createOrganization.namePlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="displayName">
          {(field) => (
            <TextField
              field={field}
              id="org-display-name"
              label={t('admin.createOrganization.displayName')}
              disabled={busy}
              placeholder={t('admin.createOrganization.displayNamePlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="domain">
          {(field) => (
            <TextField
              field={field}
              id="org-domain"
              label={t('admin.createOrganization.domain')}
              hint={t('admin.createOrganization.domainHint')}
              disabled={busy}
              placeholder={t('admin.createOrganization.domainPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="samlEnabled">
          {(field) => (
            <Checkbox
              id="org-saml"
              label={t('admin.createOrganization.saml')}
              checked={field.state.value}
              disabled={busy}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.samlEnabled}>
          {(samlEnabled) => samlEnabled && <SamlFields form={form} busy={busy} />}
        </form.Subscribe>
        <button type="submit" disabled={busy} className={smallButtonClass}>
          {busy ? t('admin.creating') : t('admin.createOrganization.submit')}
        </button>
      </form>
    </Card>
  );
}

/** With SAML on: the Auth0 organization and the identity provider. */
function SamlFields({ form, busy }: { form: OrganizationForm; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <form.Field name="auth0OrgId">
        {(field) => (
          <TextField
            field={field}
            id="org-auth0-id"
            label={t('admin.createOrganization.auth0Id')}
            disabled={busy}
            placeholder={t('admin.createOrganization.auth0IdPlaceholder')}
          />
        )}
      </form.Field>
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">
          {t('admin.createOrganization.identityProvider')}
        </legend>
        <form.Field name="idpMetadataXml">
          {(field) => (
            <TextField
              field={field}
              id="org-idp-metadata"
              rows={4}
              label={t('admin.createOrganization.metadata')}
              hint={t('admin.createOrganization.metadataHint')}
              disabled={busy}
              placeholder={t('admin.createOrganization.metadataPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="idpEntityId">
          {(field) => (
            <TextField
              field={field}
              id="org-idp-entity-id"
              label={t('admin.createOrganization.entityId')}
              disabled={busy}
            />
          )}
        </form.Field>
        <form.Field name="idpSsoUrl">
          {(field) => (
            <TextField
              field={field}
              id="org-idp-sso-url"
              label={t('admin.createOrganization.ssoUrl')}
              disabled={busy}
              placeholder={t('admin.createOrganization.ssoUrlPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="idpCertificate">
          {(field) => (
            <TextField
              field={field}
              id="org-idp-certificate"
              rows={3}
              label={t('admin.createOrganization.certificate')}
              disabled={busy}
              placeholder={t('admin.createOrganization.certificatePlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="allowSignUp">
          {(field) => (
            <Checkbox
              id="org-saml-sign-up"
              label={t('admin.createOrganization.signUp')}
              checked={field.state.value}
              disabled={busy}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.allowSignUp}>
          {(allowSignUp) =>
            allowSignUp && (
              <form.Field name="signUpRole">
                {(field) => (
                  <Field id="org-saml-role" label={t('admin.createOrganization.signUpRole')}>
                    <RoleSelect
                      id="org-saml-role"
                      value={field.state.value}
                      disabled={busy}
                      onChange={field.handleChange}
                    />
                  </Field>
                )}
              </form.Field>
            )
          }
        </form.Subscribe>
      </fieldset>
    </>
  );
}
