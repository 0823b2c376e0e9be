export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description: string | undefined;
  open: boolean;
}

/** Spec section 9: one toast at a time; a dismissed toast is dropped after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'dismiss'; id: number }
  | { type: 'remove'; id: number };

export function toastReducer(toasts: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return toasts.map((item) => (item.id === action.id ? { ...item, open: false } : item));
    case 'remove':
      return toasts.filter((item) => item.id !== action.id);
  }
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function dispatch(action: ToastAction): void {
  toasts = toastReducer(toasts, action);
  listeners.forEach((listener) => listener());
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** Shows a toast; errors use variant 'destructive'. */
export function toast({ title, description, variant = 'default' }: ToastInput): number {
  const id = nextId++;
  dispatch({ type: 'add', toast: { id, title, description, variant, open: true } });
  return id;
}

export function dismissToast(id: number): void {
  dispatch({ type: 'dismiss', id });
  setTimeout(() => dispatch({ type: 'remove', id }), TOAST_REMOVE_DELAY);
}
