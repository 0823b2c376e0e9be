import type { AdminOrganization } from '@hub/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChoiceSearchBox, ChoicesNote, useKeptChoice } from '../ui/searchedChoices';
import { useSearchText } from '../ui/useSearchText';
import { selectClass } from '../ui/styles';
import { organizationChoicesQuery } from './queries';

const idOf = (organization: Pick<AdminOrganization, 'id'>) => String(organization.id);

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
  const { text, setText, search } = useSearchText();
  const choices = useQuery({
    ...organizationChoicesQuery(search),
    placeholderData: keepPreviousData,
  });
  const listed = choices.data?.organizations ?? [];
  const shown = useKeptChoice(listed, props.value, idOf);
  const testId = props.testId;

  return (
    <div className={props.className ?? 'space-y-1'}>
      <ChoiceSearchBox text={text} onChange={setText} disabled={props.disabled} testId={testId} />
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
        {shown.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.displayName}
          </option>
        ))}
      </select>
      <ChoicesNote
        search={search}
        answered={choices.data !== undefined}
        listed={listed.length}
        total={choices.data?.totalCount ?? 0}
        testId={testId}
      />
    </div>
  );
}
