/**
 * Ends the current task so the browser can paint and answer input before the next step: the
 * app's start-up runs as several short tasks instead of one long one (Total Blocking Time).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
