import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from './styles';

/*
 * A select of choices among thousands (organizations): the server lists the first few matching
 * what is typed in a search box above it. Shared by the console's organization pickers and the
 * sign-in chooser, which differ only in their select.
 */

/**
 * The choices the select shows: those listed, after the chosen one when a later search hides it
 * (remembered while listed, React's state adjusted while rendering), so what the select shows is
 * always what is sent.
 */
export function useKeptChoice<T>(listed: T[], value: string, valueOf: (choice: T) => string): T[] {
  const current = listed.find((choice) => valueOf(choice) === value);
  const [kept, setKept] = useState<T | undefined>(undefined);
  if (current && (kept === undefined || valueOf(kept) !== valueOf(current))) setKept(current);
  const hidden = !current && kept !== undefined && valueOf(kept) === value ? [kept] : [];
  return [...hidden, ...listed];
}

interface ChoiceSearchBoxProps {
  text: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  testId?: string;
}

export function ChoiceSearchBox({ text, onChange, disabled, testId }: ChoiceSearchBoxProps) {
  const { t } = useTranslation();
  return (
    <input
      type="search"
      aria-label={t('admin.organizations.search')}
      data-testid={testId && `${testId}-search`}
      className={inputClass}
      placeholder={t('admin.organizations.searchPlaceholder')}
      value={text}
      maxLength={200}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface ChoicesNoteProps {
  search: string;
  /** The server's answer has come (a search matching none is told only then). */
  answered: boolean;
  listed: number;
  total: number;
  testId?: string;
}

/** Under the select: that nothing matches the search, or that more match than are listed. */
export function ChoicesNote({ search, answered, listed, total, testId }: ChoicesNoteProps) {
  const { t } = useTranslation();
  const className = 'text-xs text-slate-500 dark:text-slate-400';
  if (search !== '' && answered && total === 0) {
    return (
      <p className={className} data-testid={testId && `${testId}-none`}>
        {t('ui.emptyList.noMatchSearch', { noun: t('ui.nouns.organizations') })}
      </p>
    );
  }
  if (total <= listed) return null;
  return (
    <p className={className} data-testid={testId && `${testId}-more`}>
      {t('ui.firstShown', { shown: listed, total })}
    </p>
  );
}
