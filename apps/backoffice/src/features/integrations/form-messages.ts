/** A shared schema's message key in the reader's language (integrations.* keys are ours). */
export function messageOf(t: (key: string) => string, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (key.startsWith('integrations.')) return t(`integrations:errors.${key.slice('integrations.'.length)}`);
  return /^[a-z_]+\.[a-z_]+$/.test(key) ? t(`common:${key}`) : key;
}
