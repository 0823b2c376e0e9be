import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import type { OrganizationChoice } from '@hub/proto';
import { organizationChoicesQuery } from '../api/queries';
import { Skeleton } from '../ui/Card';
import { ChoiceSearchBox, ChoicesNote, useKeptChoice } from '../ui/searchedChoices';
import { useSearchText } from '../ui/useSearchText';

/** The picker's value is auth0OrgId; an organization without one falls back to its name. */
export function choiceValue(choice: OrganizationChoice): string {
  return choice.auth0OrgId ?? choice.name;
}

interface OrganizationPickerProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The organization whose SSO a sign-in starts: the caller's own, or for the super administrator
 * one of thousands, searched on the server as the console's pickers are (ui/searchedChoices): a
 * search box appears once more match than are listed.
 */
export function OrganizationPicker({ value, onChange, disabled }: OrganizationPickerProps) {
  const { t } = useTranslation();
  const { text, setText, search } = useSearchText();
  const { data, isPending } = useQuery({
    ...organizationChoicesQuery(search),
    placeholderData: keepPreviousData,
  });
  const listed = data?.organizations ?? [];
  const shown = useKeptChoice(listed, value, choiceValue);
  const total = data?.totalCount ?? 0;
  const searchable = text !== '' || search !== '' || total > listed.length;

  if (isPending) {
    return (
      <div data-testid="organization-skeleton" className="space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (!searchable && listed.length === 0) return null;

  return (
    <div className="space-y-2">
      <label htmlFor="organization" className="text-sm font-medium">
        {t('signIn.organization')}
      </label>
      {searchable && (
        <ChoiceSearchBox text={text} onChange={setText} disabled={disabled} testId="organization" />
      )}
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          id="organization"
          data-testid="organization-select"
          className="flex h-10 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          <Select.Value placeholder={t('signIn.chooseOrganization')} />
          <Select.Icon>
            <ChevronDown className="size-4 opacity-60" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50"
          >
            <Select.Viewport className="p-1">
              {shown.map((choice) => (
                <Select.Item
                  key={choiceValue(choice)}
                  value={choiceValue(choice)}
                  className="relative flex cursor-pointer items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
                >
                  <Select.ItemIndicator className="absolute left-2">
                    <Check className="size-4" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{choice.displayName || choice.name}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      <ChoicesNote
        search={search}
        answered={data !== undefined}
        listed={listed.length}
        total={total}
        testId="organization"
      />
    </div>
  );
}
