import type { CardContent } from '../../../shared/creatives/card'
import type { IssuePath } from '../../../shared/rules/issues'
import type { ComponentListOwner } from './cardEdits'
import type { IssueIndex } from './issueIndex'

export type ChangeContent = (update: (content: CardContent) => CardContent, coalesceKey?: string) => void

/** Where a component's fields are, the rules' messages and how to change the content. */
export interface ComponentFieldsProps {
  owner: ComponentListOwner
  /** Content path of the component, e.g. ['slides', 1, 'components', 0]. */
  path: IssuePath
  issues: IssueIndex
  change: ChangeContent
}
