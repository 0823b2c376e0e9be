import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchText } from '../ui/useSearchText';
import { inputClass } from '../ui/styles';
import { teamMembersQuery, type TeamMembersParams } from './queries';

/** How many people a chooser lists: the first by name; typing narrows them on the server. */
export const MEMBER_CHOICES = 50;

/**
 * People to choose from (a job function's members, an operator, a face's name), searched on
 * the server: the organization may hold 100,000, so never all of them at once.
 */
export function useMemberSearch(filter: Omit<TeamMembersParams, 'search' | 'page' | 'pageSize'>) {
  const { text, setText, search } = useSearchText();
  const members = useQuery(
    teamMembersQuery({ ...filter, search: search || undefined, pageSize: MEMBER_CHOICES }),
  );
  return { text, setText, members };
}

/** The chooser's search box, and how many of how many it lists when not all. */
export function MemberSearchField({
  search,
  label,
  testId,
}: {
  search: ReturnType<typeof useMemberSearch>;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const page = search.members.data;
  return (
    <div className="w-full basis-full space-y-1">
      <input
        type="search"
        aria-label={label}
        data-testid={testId}
        className={inputClass}
        placeholder={label}
        value={search.text}
        maxLength={200}
        onChange={(event) => search.setText(event.target.value)}
      />
      {page && page.total > page.members.length ? (
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid={`${testId}-more`}>
          {t('ui.firstShown', { shown: page.members.length, total: page.total })}
        </p>
      ) : null}
    </div>
  );
}
