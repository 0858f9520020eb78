// Toasts (SPEC §4, §9): add, update, dismiss, remove; one visible at a time; 5000 ms by default.
import { atom } from "nanostores";

const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
/** SPEC §9: a toast is dismissed by a swipe right past this distance (mouse, touch or pen). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  open: boolean;
};

export const $toasts = atom<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function toast(input: Omit<Toast, "id" | "open"> & { durationMs?: number }): {
  id: number;
  update: (next: Partial<Toast>) => void;
  dismiss: () => void;
} {
  const id = nextId++;
  const { durationMs = TOAST_DURATION_MS, ...rest } = input;
  // The newest toast replaces older ones: at most TOAST_LIMIT visible.
  for (const old of $toasts.get()) dismissToast(old.id);
  $toasts.set([{ ...rest, id, open: true }, ...$toasts.get()].slice(0, TOAST_LIMIT));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return {
    id,
    update: (next) => $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, ...next } : t))),
    dismiss: () => dismissToast(id),
  };
}

const FLASH_KEY = "flash-toast";

/**
 * A toast that survives the next full page load: for flows that toast and then navigate with a reload
 * (login/register "go to / and reload", SPEC §2). The Toaster shows it once on the next page.
 */
export function flashToast(input: Parameters<typeof toast>[0]) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    toast(input); // storage blocked: at least show it now
  }
}

export function showFlashedToast() {
  try {
    const saved = sessionStorage.getItem(FLASH_KEY);
    if (!saved) return;
    sessionStorage.removeItem(FLASH_KEY);
    toast(JSON.parse(saved));
  } catch {
    // unreadable: drop it
  }
}
