import { describe, expect, it } from 'vitest';
import { toastReducer, type ToastItem } from './toastStore';

const item = (id: number): ToastItem => ({
  id,
  title: `t${id}`,
  description: undefined,
  variant: 'default',
  open: true,
});

describe('toastReducer', () => {
  it('shows one toast at a time, newest first', () => {
    const state = toastReducer(toastReducer([], { type: 'add', toast: item(1) }), {
      type: 'add',
      toast: item(2),
    });
    expect(state.map((t) => t.id)).toEqual([2]);
  });

  it('closes, then removes a toast', () => {
    const closed = toastReducer([item(1)], { type: 'dismiss', id: 1 });
    expect(closed[0]?.open).toBe(false);
    expect(toastReducer(closed, { type: 'remove', id: 1 })).toEqual([]);
  });
});
