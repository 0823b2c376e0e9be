import type { Folder } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChevronDown, ChevronRight, Folder as FolderIcon, FolderOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../ui/Card';
import { ancestorIds, buildFolderTree, type FolderNode } from './folderTree';
import { CreateFolderDialog } from './CreateFolderDialog';
import { LibraryPanel } from './LibraryPanel';
import { foldersQuery } from './queries';

interface FolderPanelProps {
  selectedFolderId: number | null;
  onSelect: (id: number | null) => void;
}

const rowClass =
  'flex w-full min-w-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';
const selectedClass =
  'bg-blue-50 font-medium text-blue-700 hover:bg-blue-50 dark:bg-blue-950 dark:text-blue-300';

/** Folders tree: 'All Documents' at the root, folders nested by parent, a button to add one. */
export function FolderPanel({ selectedFolderId, onSelect }: FolderPanelProps) {
  const { t } = useTranslation();
  const folders = useQuery(foldersQuery);
  const tree = useMemo(() => buildFolderTree(folders.data ?? []), [folders.data]);
  const [rootOpen, setRootOpen] = useState(true);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const selected = folders.data?.find((folder) => folder.id === selectedFolderId) ?? null;

  /** A new folder is shown at once: its parent opens. */
  const reveal = (folder: Folder) => {
    setRootOpen(true);
    setExpanded((current) => {
      const next = new Set(current);
      for (const id of ancestorIds(folders.data ?? [], folder.id)) next.add(id);
      if (folder.parentFolderId !== null) next.add(folder.parentFolderId);
      return next;
    });
  };

  return (
    <LibraryPanel
      testId="folder-panel"
      title={t('library.folders.title')}
      createLabel={t('library.folders.create')}
      createTestId="create-folder-button"
      onCreate={() => setCreating(true)}
    >
      <ul
        role="tree"
        aria-label={t('library.folders.title')}
        data-testid="folder-tree"
        className="space-y-0.5"
      >
        <li role="treeitem" aria-expanded={rootOpen} aria-selected={selectedFolderId === null}>
          <div className="flex items-center">
            <ExpandButton
              open={rootOpen}
              visible={tree.length > 0}
              label={t('library.folders.all')}
              onClick={() => setRootOpen((open) => !open)}
            />
            <button
              type="button"
              data-testid="folder-all"
              onClick={() => onSelect(null)}
              className={clsx(rowClass, selectedFolderId === null && selectedClass)}
            >
              <FolderOpen aria-hidden className="size-4 shrink-0" />
              <span className="truncate">{t('library.folders.all')}</span>
            </button>
          </div>
          {rootOpen && tree.length > 0 && (
            <ul role="group" className="space-y-0.5">
              {tree.map((node) => (
                <FolderTreeItem
                  key={node.folder.id}
                  node={node}
                  expanded={expanded}
                  selectedFolderId={selectedFolderId}
                  onToggle={toggle}
                  onSelect={onSelect}
                />
              ))}
            </ul>
          )}
        </li>
      </ul>
      {folders.isPending && <Skeleton className="mt-2 h-6" />}
      {folders.isError && (
        <p role="alert" className="mt-2 text-xs text-red-600">
          {t('library.folders.loadFailed')}
        </p>
      )}
      <CreateFolderDialog
        open={creating}
        onOpenChange={setCreating}
        parent={selected}
        onCreated={(folder) => {
          reveal(folder);
          onSelect(folder.id);
        }}
      />
    </LibraryPanel>
  );
}

function ExpandButton({
  open,
  visible,
  label,
  onClick,
}: {
  open: boolean;
  visible: boolean;
  label: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  if (!visible) return <span aria-hidden className="inline-block w-6 shrink-0" />;
  return (
    <button
      type="button"
      aria-label={t(open ? 'library.folders.collapse' : 'library.folders.expand', { name: label })}
      data-testid="folder-toggle"
      onClick={onClick}
      className="shrink-0 rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      {open ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
    </button>
  );
}

interface FolderTreeItemProps {
  node: FolderNode;
  expanded: ReadonlySet<number>;
  selectedFolderId: number | null;
  onToggle: (id: number) => void;
  onSelect: (id: number) => void;
}

function FolderTreeItem({
  node,
  expanded,
  selectedFolderId,
  onToggle,
  onSelect,
}: FolderTreeItemProps) {
  const { folder, children } = node;
  const open = expanded.has(folder.id);
  const selected = selectedFolderId === folder.id;
  return (
    <li
      role="treeitem"
      aria-expanded={children.length > 0 ? open : undefined}
      aria-selected={selected}
    >
      <div className="flex items-center" style={{ paddingLeft: `${(node.depth + 1) * 12}px` }}>
        <ExpandButton
          open={open}
          visible={children.length > 0}
          label={folder.name}
          onClick={() => onToggle(folder.id)}
        />
        <button
          type="button"
          data-testid="folder-node"
          data-folder-name={folder.name}
          title={folder.description ?? folder.name}
          onClick={() => onSelect(folder.id)}
          className={clsx(rowClass, selected && selectedClass)}
        >
          {selected ? (
            <FolderOpen aria-hidden className="size-4 shrink-0" />
          ) : (
            <FolderIcon aria-hidden className="size-4 shrink-0" />
          )}
          <span className="truncate">{folder.name}</span>
        </button>
      </div>
      {open && children.length > 0 && (
        <ul role="group" className="space-y-0.5">
          {children.map((child) => (
            <FolderTreeItem
              key={child.folder.id}
              node={child}
              expanded={expanded}
              selectedFolderId={selectedFolderId}
              onToggle={onToggle}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
