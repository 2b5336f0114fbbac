/**
 * Whether the page has shown a toast yet. The toast area (react-hot-toast, ~4 KB compressed) is not
 * part of the first render: ./Toaster mounts it once ./toast has been asked for a toast (#16).
 */
let wanted = false;
const listeners = new Set<() => void>();

export const loadHotToaster = () => import('./HotToaster');

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function toasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
