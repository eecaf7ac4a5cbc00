/** A stable id for list items (components, slides, carousel items, options): keys for React lists and drag and drop. */
export function createClientId(): string {
  return globalThis.crypto.randomUUID()
}
