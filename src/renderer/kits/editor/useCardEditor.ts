import { useMemo } from 'react'
import type { DraftKind } from '../../../shared/creatives/content'
import { useDraftEditor, type DraftEditorState } from '../../state/drafts/draftEditor'
import { useDraftNameFollows } from './EditorShell'
import { useContentIssues, useFieldMessages } from './issues'

/**
 * What every card editor reads from the open draft: its content and edit function, whether it is
 * published, its issues checked against the account's features, and the field messages. The
 * draft list follows the card's name as it is edited.
 * @param features the active account's feature keys, or undefined while unknown.
 */
export function useCardEditor<K extends DraftKind>(kind: K, features: readonly string[] | undefined) {
  const content = useDraftEditor((state: DraftEditorState<K>) => state.content)
  const change = useDraftEditor((state: DraftEditorState<K>) => state.change)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const options = useMemo(() => (features === undefined ? {} : { features }), [features])
  const issues = useContentIssues(kind, content, options)
  const { messageAt, touch } = useFieldMessages(issues)
  useDraftNameFollows(kind, content.name)
  return { content, change, published, issues, messageAt, touch }
}
