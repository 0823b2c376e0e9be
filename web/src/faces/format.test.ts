import { describe, expect, it } from 'vitest';
import { canAddReference, referenceCountText, referenceStatus } from './format';

const reference = (status: 'checking' | 'ready' | 'rejected') => ({ status });

describe('reference photo figures', () => {
  it('counts the photos kept, not the refused ones, against the limit', () => {
    const list = { limit: 5, references: [reference('ready'), reference('rejected')] };
    expect(referenceCountText(list)).toBe('1 of 5 reference photos');
    expect(canAddReference(list)).toBe(true);
    const full = { limit: 2, references: [reference('ready'), reference('checking')] };
    expect(canAddReference(full)).toBe(false);
  });

  it('labels each status', () => {
    expect(referenceStatus({ status: 'ready' })).toEqual({ label: 'In use', tone: 'green' });
    expect(referenceStatus({ status: 'checking' }).label).toBe('Checking');
    expect(referenceStatus({ status: 'rejected' }).tone).toBe('red');
  });
});
