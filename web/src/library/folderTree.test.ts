import type { Folder } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { ancestorIds, buildFolderTree, flattenFolderTree } from './folderTree';

const folder = (id: number, name: string, parentFolderId: number | null = null): Folder => ({
  id,
  name,
  description: null,
  parentFolderId,
});

describe('buildFolderTree', () => {
  it('nests folders by parent and sorts each level by name', () => {
    const tree = buildFolderTree([
      folder(1, 'Safety'),
      folder(2, 'Baking'),
      folder(3, 'Ovens', 2),
      folder(4, 'Mixers', 2),
      folder(5, 'Cleaning', 4),
    ]);
    expect(tree.map((node) => node.folder.name)).toEqual(['Baking', 'Safety']);
    const baking = tree[0]!;
    expect(baking.children.map((node) => node.folder.name)).toEqual(['Mixers', 'Ovens']);
    expect(baking.children[0]!.children[0]!.folder.name).toBe('Cleaning');
    expect(baking.children[0]!.children[0]!.depth).toBe(2);
  });

  it('keeps orphans and folders in a cycle at the top level', () => {
    const tree = buildFolderTree([folder(1, 'Orphan', 99), folder(2, 'A', 3), folder(3, 'B', 2)]);
    expect(tree.map((node) => node.folder.name).sort()).toEqual(['A', 'B', 'Orphan']);
    expect(flattenFolderTree(tree)).toHaveLength(3);
  });

  it('returns nothing for no folders', () => {
    expect(buildFolderTree([])).toEqual([]);
  });
});

describe('flattenFolderTree and ancestorIds', () => {
  const folders = [folder(1, 'Top'), folder(2, 'Middle', 1), folder(3, 'Bottom', 2)];

  it('lists depth first', () => {
    expect(flattenFolderTree(buildFolderTree(folders)).map((node) => node.folder.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it('walks up to the root', () => {
    expect(ancestorIds(folders, 3)).toEqual([2, 1]);
    expect(ancestorIds(folders, 1)).toEqual([]);
  });
});
