import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

interface LibraryPanelProps {
  testId: string;
  title: string;
  /** The add button's name, and its test id. */
  createLabel: string;
  createTestId: string;
  onCreate: () => void;
  children: ReactNode;
}

/** The library's side panels (folders, tags): a title with an add button, then the list. */
export function LibraryPanel(props: LibraryPanelProps) {
  return (
    <Card testId={props.testId} className="p-4">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold">{props.title}</h2>
        <button
          type="button"
          data-testid={props.createTestId}
          aria-label={props.createLabel}
          title={props.createLabel}
          onClick={props.onCreate}
          className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Plus className="size-4" />
        </button>
      </div>
      {props.children}
    </Card>
  );
}
