import type { PostContent } from '../../../shared/creatives/post'
import { useValueAfterPaint } from '../../lib/useValueAfterPaint'

/** True when `next` differs from `before` in its text alone (edits keep the other fields' identity). */
function onlyTextChanged(next: PostContent, before: PostContent): boolean {
  for (const key of Object.keys(next) as (keyof PostContent)[])
    if (key !== 'text' && next[key] !== before[key]) return false
  return Object.keys(before).length === Object.keys(next).length
}

/**
 * The content the composer's rules, preview and form render from. A change of the text alone
 * (typing, a paste, undo of typing) reaches it after the frame that shows the typed character
 * has been painted: the key's own frame renders only the text field and its counter, and keys
 * typed faster than frames cost one render of the rest per frame. Any other change (a checkbox,
 * media, the name and video fields, which render from this content) applies in the same render,
 * so those controls never show a stale value.
 */
export function useContentAfterPaint(content: PostContent): PostContent {
  return useValueAfterPaint(content, onlyTextChanged)
}
