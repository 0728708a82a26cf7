/**
 * This console's device id (docs/operators.md "Two people, judged by person"): a random id made once and kept in localStorage,
 * sent at sign-in as the header x-console-device. The server keeps only its digest, so two operators signing in
 * from one browser are one person to the two-person rule. Where localStorage cannot be used, an id lives as long as
 * the page.
 */
const KEY = 'console-device';
let pageOnly: string | undefined;

/** crypto.randomUUID; a page served over plain http has no randomUUID, but has getRandomValues. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function consoleDeviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept) return kept;
    const made = newId();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    pageOnly ??= newId();
    return pageOnly;
  }
}
