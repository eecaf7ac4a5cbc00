import { Plus, X } from 'lucide-react'
import type { ComponentDraft } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'
import { LIMITS } from '../../../shared/rules/limits'
import { InlineIssues } from '../../components/InlineIssues'
import { MediaPicker } from '../../kits/media/MediaPicker'
import { addItem, moveItem, removeItem, setItemMedia } from './cardEdits'
import { SortableList } from './SortableList'
import type { ComponentFieldsProps } from './cardEditorProps'
import { IconButton } from '../../components/IconButton'

/** A carousel's media, in order: each item its own picker, checked against the others' ratio. */
export function SwipeableItems({
  component,
  owner,
  path,
  issues,
  change,
}: ComponentFieldsProps & {
  component: Extract<ComponentDraft, { type: 'SWIPEABLE_MEDIA' }>
}) {
  const { min, max } = LIMITS.card.swipeableItems
  const items = component.items
  const media = items.map((item) => item.media)
  return (
    <div className="stack stack--tight">
      <div className="items-head">
        <span className="field__label">
          Carousel items{' '}
          <span className="muted">
            ({items.length} of {min}–{max})
          </span>
        </span>
      </div>
      <InlineIssues issues={issues.at([...path, 'items'])} />
      {items.length > 0 ? (
        <SortableList
          label="Carousel items"
          className="items-list"
          items={items}
          describe={(_item, index) => `carousel item ${index + 1}`}
          moveButtonsTabbable={false}
          onMove={(from, to) => change((content) => moveItem(content, owner, component.id, from, to))}
          renderItem={(item, index, controls) => (
            <div className="carousel-item row">
              <div className="carousel-item__rail">
                {controls.handle}
                <span className="carousel-item__number" aria-hidden="true">
                  {index + 1}
                </span>
              </div>
              <div className="carousel-item__picker">
                <MediaPicker
                  compact
                  label={`Item ${index + 1}`}
                  use="carousel_item"
                  // The item has one remove button (below); the picker only replaces.
                  removable={false}
                  value={item.media}
                  siblings={[...media.slice(0, index), ...media.slice(index + 1)].filter(
                    (ref): ref is MediaRef => ref !== null,
                  )}
                  issues={issues.at([...path, 'items', index, 'media'])}
                  onChange={(ref) =>
                    change((content) => setItemMedia(content, owner, component.id, item.id, ref))
                  }
                />
              </div>
              <div className="carousel-item__actions">
                {controls.moveButtons}
                <IconButton
                  icon={X}
                  tone="danger"
                  label={`Remove carousel item ${index + 1}`}
                  title="Remove this item (Alt+↑/↓ moves it)"
                  onClick={() => change((content) => removeItem(content, owner, component.id, item.id))}
                />
              </div>
            </div>
          )}
        />
      ) : null}
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={items.length >= max}
          title={items.length >= max ? `A carousel takes at most ${max} media` : undefined}
          onClick={() => change((content) => addItem(content, owner, component.id))}
        >
          <Plus size={16} aria-hidden="true" />
          Add carousel item
        </button>
      </div>
    </div>
  )
}
