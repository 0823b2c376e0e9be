import type { AdminOrganization } from '@hub/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../auth/useDebouncedValue';
import { inputClass, selectClass } from '../ui/styles';
import { organizationChoicesQuery } from './queries';

const SEARCH_DEBOUNCE_MS = 300;

type Choice = Pick<AdminOrganization, 'id' | 'displayName'>;

interface OrganizationPickerProps {
  /** The select's id, named by the caller's `<label htmlFor>`. */
  id?: string;
  /** The chosen organization's id as text, '' for none. */
  value: string;
  onChange: (organizationId: string) => void;
  /** The first, empty option ('Select organization'); left out when one is always chosen. */
  placeholder?: string;
  /** The select's accessible name when no label names it. */
  label?: string;
  testId?: string;
  disabled?: boolean;
  className?: string;
  selectClassName?: string;
}

/**
 * An organization chosen among thousands: a search box (a piece of the name, display name or
 * domain, searched on the server) above a select of the newest ORGANIZATION_CHOICES that match,
 * as the team's member pickers do. The chosen one stays in the select while a later search
 * hides it, so what the select shows is always what is sent.
 */
export function OrganizationPicker(props: OrganizationPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const choices = useQuery({
    ...organizationChoicesQuery(search),
    placeholderData: keepPreviousData,
  });
  const listed = choices.data?.organizations ?? [];
  const current = listed.find((organization) => String(organization.id) === props.value);
  const [kept, setKept] = useState<Choice | undefined>(undefined);
  // Remembered while listed (React's state adjusted while rendering), for when a search hides it.
  if (current && current.id !== kept?.id) setKept(current);
  const hidden = !current && kept && String(kept.id) === props.value ? [kept] : [];
  const total = choices.data?.totalCount ?? 0;
  const testId = props.testId;

  return (
    <div className={props.className ?? 'space-y-1'}>
      <input
        type="search"
        aria-label={t('admin.organizations.search')}
        data-testid={testId && `${testId}-search`}
        className={inputClass}
        placeholder={t('admin.organizations.searchPlaceholder')}
        value={text}
        maxLength={200}
        disabled={props.disabled}
        onChange={(event) => setText(event.target.value)}
      />
      <select
        id={props.id}
        aria-label={props.label}
        data-testid={testId}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        className={props.selectClassName ?? selectClass}
      >
        {props.placeholder !== undefined && (
          <option value="">{choices.isPending ? t('common.loading') : props.placeholder}</option>
        )}
        {[...hidden, ...listed].map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.displayName}
          </option>
        ))}
      </select>
      {search !== '' && choices.data && total === 0 ? (
        <p
          className="text-xs text-slate-500 dark:text-slate-400"
          data-testid={testId && `${testId}-none`}
        >
          {t('ui.emptyList.noMatchSearch', { noun: t('ui.nouns.organizations') })}
        </p>
      ) : total > listed.length ? (
        <p
          className="text-xs text-slate-500 dark:text-slate-400"
          data-testid={testId && `${testId}-more`}
        >
          {t('ui.firstShown', { shown: listed.length, total })}
        </p>
      ) : null}
    </div>
  );
}
