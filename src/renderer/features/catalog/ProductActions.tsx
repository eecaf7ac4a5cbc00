import { Plus, Trash2 } from 'lucide-react'
import { memo } from 'react'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'

/** Add a product, and delete the checked ones behind a confirmation. */
export const ProductActions = memo(function ProductActions({
  selectedCount,
  onAdd,
  onDelete,
}: {
  selectedCount: number
  onAdd(): void
  onDelete(): void
}) {
  return (
    <div className="actions product-actions">
      <Button variant="primary" onClick={onAdd} data-testid="product-add">
        <Plus size={16} aria-hidden="true" />
        Add a product
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant={selectedCount === 0 ? 'secondary' : 'danger'}
            disabled={selectedCount === 0}
            data-testid="product-delete"
          >
            <Trash2 size={16} aria-hidden="true" />
            Delete {selectedCount > 0 ? selectedCount.toLocaleString('en-US') : ''} selected
          </Button>
        }
        title={`Delete ${selectedCount} ${selectedCount === 1 ? 'product' : 'products'}?`}
        description="Products on the platform are deleted there permanently, through the outbox. Products never sent are removed here."
        confirmLabel="Delete"
        onConfirm={onDelete}
      />
    </div>
  )
})
