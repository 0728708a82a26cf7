/** A fresh reference for one operator action, so a retried request moves money once. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
