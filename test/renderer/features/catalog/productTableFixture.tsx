import { ProductTable } from '../../../../src/renderer/features/catalog/ProductTable'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'

/** The product table as the Catalog page shows it, nothing selected. */
export function productTable(itemGroups: string[] = []) {
  return (
    <ProductTable
      profileId={PROFILE_ID}
      itemGroups={itemGroups}
      version={0}
      selected={new Set()}
      onSelectedChange={() => {}}
      onOpen={() => {}}
    />
  )
}
