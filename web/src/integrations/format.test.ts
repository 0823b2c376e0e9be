import { FAILURE_REASONS } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { filterSops, lastSnapshotText, sameIds, sopCountLabel, testStatusBadge } from './format';

describe('integrations format', () => {
  it('names the test status as the card shows it', () => {
    expect(testStatusBadge('success')).toEqual({ label: 'Connected', tone: 'green' });
    expect(testStatusBadge('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(testStatusBadge('untested').label).toBe('Not Tested');
    expect(testStatusBadge(undefined).label).toBe('Not Tested');
  });

  it('counts selected SOPs', () => {
    expect(sopCountLabel(0)).toBe('Select SOPs');
    expect(sopCountLabel(1)).toBe('1 SOP selected');
    expect(sopCountLabel(3)).toBe('3 SOPs selected');
  });

  it('filters SOPs by title, ignoring case and outer spaces', () => {
    const sops = [
      { id: 1, title: 'Lockout Tagout' },
      { id: 2, title: 'Forklift Checks' },
    ];
    expect(filterSops(sops, ' lock ')).toEqual([{ id: 1, title: 'Lockout Tagout' }]);
    expect(filterSops(sops, '')).toHaveLength(2);
    expect(filterSops(sops, 'weld')).toEqual([]);
  });

  it('compares id lists as sets', () => {
    expect(sameIds([1, 2], [2, 1])).toBe(true);
    expect(sameIds([1, 2], [1])).toBe(false);
    expect(sameIds([], [])).toBe(true);
  });

  it("says what the camera's latest snapshot gave", () => {
    const at = '2026-11-23T13:00:00.000Z';
    expect(lastSnapshotText(null)).toBe('No snapshot yet');
    expect(lastSnapshotText({ status: 'identified', reason: null, peopleSeen: 1, at })).toBe(
      'Last snapshot: 1 person identified',
    );
    expect(
      lastSnapshotText({ status: 'failed', reason: 'Camera offline', peopleSeen: 0, at }),
    ).toBe('Last snapshot failed: Camera offline');
  });

  describe('in another language', () => {
    afterEach(() => applyLanguage('en'));

    // A run failed by the service or the worker keeps a FAILURE_REASONS sentence, in English.
    it("words a failed snapshot's known reason in the reader's language", async () => {
      applyLanguage('es');
      await i18n.changeLanguage('es');
      const at = '2026-11-23T13:00:00.000Z';
      const failed = { status: 'failed' as const, peopleSeen: 0, at };
      expect(lastSnapshotText({ ...failed, reason: FAILURE_REASONS.unexpected_error })).toBe(
        'La última captura falló: Un error inesperado lo detuvo; se puede volver a intentar.',
      );
      expect(lastSnapshotText({ ...failed, reason: 'Camera offline' })).toBe(
        'La última captura falló: Camera offline',
      );
    });

    // The integration service's own sentences, as its runs store them (in English).
    it("words an unreachable camera and a snapshot given up in the reader's language", async () => {
      applyLanguage('es');
      await i18n.changeLanguage('es');
      const failed = { status: 'failed' as const, peopleSeen: 0, at: '2026-11-23T13:00:00.000Z' };
      const unreachable = 'Dock door could not be reached: Camera offline';
      expect(lastSnapshotText({ ...failed, reason: unreachable })).toBe(
        'La última captura falló: No hay conexión con Dock door: Camera offline',
      );
      const stale =
        'No result was recorded for this snapshot within 6 hours of it being taken; it was given up.';
      expect(lastSnapshotText({ ...failed, reason: stale })).toBe(
        'La última captura falló: No se registró ningún resultado para esta captura en las 6 horas siguientes a tomarla; se abandonó.',
      );
    });
  });
});
