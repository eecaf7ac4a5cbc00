import { memo, useCallback, useMemo } from 'react'
import type { CardMode, ComponentDraftType } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { InlineIssues } from '../../components/InlineIssues'
import { AddComponentMenu } from './AddComponentMenu'
import { BuilderSection } from './BuilderSection'
import type { ComponentListOwner } from './cardEdits'
import {
  addOptionsFor,
  addComponent,
  moveComponent,
  removeComponent,
  componentsOf,
  swapComponent,
} from './cardEdits'
import type { ChangeContent } from './cardEditorProps'
import { COMPONENT_INFO, ComponentEditor } from './ComponentEditor'
import { outlineOf, sameOutline, useCardSelection, useComponent } from './cardSelection'
import type { ComponentOutline } from './cardSelection'
import type { IssueIndex } from './issueIndex'
import { SortableList } from './SortableList'

/** The components of a single card or a carousel, top to bottom as the card shows them. */
export const CardComponentsSection = memo(function CardComponentsSection({
  issues,
  change,
}: {
  issues: IssueIndex
  change: ChangeContent
}) {
  return (
    <BuilderSection
      titleId="components-title"
      title="Components"
      hint="Top to bottom, as the card shows them"
    >
      <InlineIssues issues={issues.atAny(['components'], ['slides'])} />
      <ComponentList
        owner={null}
        basePath={['components']}
        issues={issues}
        change={change}
        where="the card"
      />
    </BuilderSection>
  )
})

/**
 * A card's or a slide's components. It subscribes to their outline (ids and types) only, and
 * each editor to its own component: a key typed in a component renders that editor alone, not
 * this list, its dnd-kit contexts or its siblings.
 */
export function ComponentList({
  owner,
  basePath,
  issues,
  change,
  where,
  carouselSiblings,
}: {
  owner: ComponentListOwner
  basePath: (string | number)[]
  issues: IssueIndex
  change: ChangeContent
  where: string
  carouselSiblings?: readonly MediaRef[]
}) {
  // Stable while the list's owner is: the memoised menu then renders only when its options change.
  const onAdd = useCallback(
    (type: ComponentDraftType) => change((current) => addComponent(current, owner, type)),
    [change, owner],
  )
  const onSwap = useCallback(
    (replacedId: string, type: ComponentDraftType) =>
      change((current) => swapComponent(current, owner, replacedId, type)),
    [change, owner],
  )
  const components = useCardSelection((content) => outlineOf(componentsOf(content, owner)), sameOutline)
  const mode = useDraftEditor<'card', CardMode>((state) => state.content.mode)
  const options = useMemo(() => addOptionsFor(components, mode, owner), [components, mode, owner])
  return (
    <div className="component-list stack stack--tight">
      {components.length > 0 ? (
        <SortableList
          label={`Components of ${where}`}
          items={components}
          describe={(component) => `the ${COMPONENT_INFO[component.type].title.toLowerCase()} component`}
          onMove={(from, to) => change((current) => moveComponent(current, owner, from, to))}
          // A keystroke in one component re-renders that component, not its siblings.
          itemDeps={(_component, index) => [
            issues.signatureUnder([...basePath, index]),
            change,
            owner,
            basePath.join('.'),
            ...(carouselSiblings ?? []),
          ]}
          renderItem={(component, index, controls) => (
            <ComponentEditorById
              id={component.id}
              owner={owner}
              path={[...basePath, index]}
              issues={issues}
              change={change}
              controls={controls}
              carouselSiblings={carouselSiblings}
              onRemove={() => change((current) => removeComponent(current, owner, component.id))}
            />
          )}
        />
      ) : (
        <p className="muted component-list__empty">No components yet.</p>
      )}
      <div>
        <AddComponentMenu options={options} owner={owner} where={where} onAdd={onAdd} onSwap={onSwap} />
      </div>
    </div>
  )
}

/** A component's editor, subscribed to that component alone (found by its id in its list). */
function ComponentEditorById({
  id,
  owner,
  ...rest
}: Omit<Parameters<typeof ComponentEditor>[0], 'component'> & { id: ComponentOutline['id'] }) {
  const component = useComponent(owner, id)
  // Removed: the list renders without it in the same pass.
  if (!component) return null
  return <ComponentEditor component={component} owner={owner} {...rest} />
}
