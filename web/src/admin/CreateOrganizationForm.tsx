import { CREATABLE_ROLES, type CreatableRole, CreateOrganizationRequest } from '@hub/proto';
import { useState, type FormEvent } from 'react';
import { fieldErrors, hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { Card, CardTitle } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { Field } from '../ui/Field';
import { inputClass, selectClass, smallButtonClass, textareaClass } from '../ui/styles';
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

export function CreateOrganizationForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useCreateOrganization(() => setDraft(EMPTY));

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
      <CardTitle>{t('admin.createOrganization.title')}</CardTitle>
      <form
        noValidate
        onSubmit={submit}
        data-testid="create-organization-form"
        className="mt-4 space-y-4"
      >
        <Field id="org-name" label={t('admin.createOrganization.name')} error={errors.name}>
          <input
            id="org-name"
            value={draft.name}
            disabled={busy}
            placeholder={t('admin.createOrganization.namePlaceholder')}
            onChange={(event) => set('name', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          id="org-display-name"
          label={t('admin.createOrganization.displayName')}
          error={errors.displayName}
        >
          <input
            id="org-display-name"
            value={draft.displayName}
            disabled={busy}
            placeholder={t('admin.createOrganization.displayNamePlaceholder')}
            onChange={(event) => set('displayName', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          id="org-domain"
          label={t('admin.createOrganization.domain')}
          error={errors.domain}
          hint={t('admin.createOrganization.domainHint')}
        >
          <input
            id="org-domain"
            value={draft.domain}
            disabled={busy}
            placeholder={t('admin.createOrganization.domainPlaceholder')}
            onChange={(event) => set('domain', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Checkbox
          id="org-saml"
          label={t('admin.createOrganization.saml')}
          checked={draft.samlEnabled}
          disabled={busy}
          onChange={(checked) => set('samlEnabled', checked)}
        />
        {draft.samlEnabled && (
          <Field
            id="org-auth0-id"
            label={t('admin.createOrganization.auth0Id')}
            error={errors.auth0OrgId}
          >
            <input
              id="org-auth0-id"
              value={draft.auth0OrgId}
              disabled={busy}
              placeholder={t('admin.createOrganization.auth0IdPlaceholder')}
              onChange={(event) => set('auth0OrgId', event.target.value)}
              className={inputClass}
            />
          </Field>
        )}
        {draft.samlEnabled && (
          <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
            <legend className="px-1 text-sm font-medium">
              {t('admin.createOrganization.identityProvider')}
            </legend>
            <Field
              id="org-idp-metadata"
              label={t('admin.createOrganization.metadata')}
              error={errors.saml}
              hint={t('admin.createOrganization.metadataHint')}
            >
              <textarea
                id="org-idp-metadata"
                rows={4}
                value={draft.idpMetadataXml}
                disabled={busy}
                placeholder={t('admin.createOrganization.metadataPlaceholder')}
                onChange={(event) => set('idpMetadataXml', event.target.value)}
                className={textareaClass}
              />
            </Field>
            <Field id="org-idp-entity-id" label={t('admin.createOrganization.entityId')}>
              <input
                id="org-idp-entity-id"
                value={draft.idpEntityId}
                disabled={busy}
                onChange={(event) => set('idpEntityId', event.target.value)}
                className={inputClass}
              />
            </Field>
            <Field id="org-idp-sso-url" label={t('admin.createOrganization.ssoUrl')}>
              <input
                id="org-idp-sso-url"
                value={draft.idpSsoUrl}
                disabled={busy}
                placeholder={t('admin.createOrganization.ssoUrlPlaceholder')}
                onChange={(event) => set('idpSsoUrl', event.target.value)}
                className={inputClass}
              />
            </Field>
            <Field id="org-idp-certificate" label={t('admin.createOrganization.certificate')}>
              <textarea
                id="org-idp-certificate"
                rows={3}
                value={draft.idpCertificate}
                disabled={busy}
                placeholder={t('admin.createOrganization.certificatePlaceholder')}
                onChange={(event) => set('idpCertificate', event.target.value)}
                className={textareaClass}
              />
            </Field>
            <Checkbox
              id="org-saml-sign-up"
              label={t('admin.createOrganization.signUp')}
              checked={draft.allowSignUp}
              disabled={busy}
              onChange={(checked) => set('allowSignUp', checked)}
            />
            {draft.allowSignUp && (
              <Field id="org-saml-role" label={t('admin.createOrganization.signUpRole')}>
                <select
                  id="org-saml-role"
                  value={draft.signUpRole}
                  disabled={busy}
                  onChange={(event) => set('signUpRole', event.target.value as CreatableRole)}
                  className={selectClass}
                >
                  {CREATABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </fieldset>
        )}
        <button type="submit" disabled={busy} className={smallButtonClass}>
          {busy ? t('admin.creating') : t('admin.createOrganization.submit')}
        </button>
      </form>
    </Card>
  );
}
