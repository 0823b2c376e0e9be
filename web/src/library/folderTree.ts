import type { Folder } from '@hub/proto';

export interface FolderNode {
  folder: Folder;
  depth: number;
  children: FolderNode[];
}

const byName = (a: FolderNode, b: FolderNode) =>
  a.folder.name.localeCompare(b.folder.name, 'en', { sensitivity: 'base' }) ||
  a.folder.id - b.folder.id;

/**
 * Nests folders by parentFolderId, each level sorted by name. A folder whose parent is not
 * in the list (or that sits in a parent cycle) is shown at the top level rather than lost.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const childrenOf = new Map<number | null, Folder[]>();

  const reachesRoot = (folder: Folder): boolean => {
    const seen = new Set<number>();
    let current: Folder | undefined = folder;
    while (current && current.parentFolderId !== null) {
      if (seen.has(current.id)) return false;
      seen.add(current.id);
      current = byId.get(current.parentFolderId);
    }
    return current !== undefined;
  };

  for (const folder of folders) {
    const parent =
      folder.parentFolderId !== null && byId.has(folder.parentFolderId) && reachesRoot(folder)
        ? folder.parentFolderId
        : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(folder);
    childrenOf.set(parent, siblings);
  }

  const build = (parent: number | null, depth: number): FolderNode[] =>
    (childrenOf.get(parent) ?? [])
      .map((folder) => ({ folder, depth, children: build(folder.id, depth + 1) }))
      .sort(byName);

  return build(null, 0);
}

/** Depth-first list of a tree, for the upload dialog's folder select. */
export function flattenFolderTree(nodes: readonly FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flattenFolderTree(node.children)]);
}

/** The ids of a folder's ancestors, nearest first (to open the tree down to a selection). */
export function ancestorIds(folders: readonly Folder[], id: number): number[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const result: number[] = [];
  let parent = byId.get(id)?.parentFolderId ?? null;
  while (parent !== null && !result.includes(parent)) {
    result.push(parent);
    parent = byId.get(parent)?.parentFolderId ?? null;
  }
  return result;
}
