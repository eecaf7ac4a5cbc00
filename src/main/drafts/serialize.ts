import type { Draft } from '../../shared/drafts/envelope'

// Indented so a designer or support engineer can read a draft file in any editor.
export function serializeDraft(draft: Draft): string {
  return `${JSON.stringify(draft, null, 2)}\n`
}
