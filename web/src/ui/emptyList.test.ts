import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { emptyListText } from './emptyList';

const first = {
  noun: 'documents' as const,
  title: 'No documents found',
  hint: 'Upload your first document to get started',
};

describe('empty list texts', () => {
  it('invites a first upload only when nothing narrows the list', () => {
    expect(emptyListText({ ...first, search: '  ' })).toEqual({
      title: 'No documents found',
      hint: 'Upload your first document to get started',
      clearLabel: null,
    });
  });

  it('says nothing matches a search and offers to clear it', () => {
    const text = emptyListText({ ...first, search: ' forklift ' });
    expect(text.title).toBe('No documents match your search');
    expect(text.hint).toContain('"forklift"');
    expect(text.hint).not.toContain('Upload your first');
    expect(text.clearLabel).toBe('Clear search');
  });

  it('says so for filters too', () => {
    expect(emptyListText({ ...first, search: '', filters: 2 })).toMatchObject({
      title: 'No documents match your filters',
      clearLabel: 'Clear search and filters',
    });
    expect(emptyListText({ ...first, search: 'x', filters: 1 }).title).toBe(
      'No documents match your search and filters',
    );
  });

  it("names the list in the reader's language, whichever list it is", async () => {
    try {
      await i18n.changeLanguage('es');
      expect(emptyListText({ ...first, noun: 'videos', search: 'x' }).title).toBe(
        'Sin resultados en vídeos para tu búsqueda',
      );
      await i18n.changeLanguage('fr');
      expect(emptyListText({ ...first, noun: 'teamMembers', search: 'x' }).title).toBe(
        'Aucun résultat parmi les membres de l’équipe pour votre recherche',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
