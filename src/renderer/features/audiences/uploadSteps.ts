import type { IdentifierType } from '../../../shared/audiences/identifiers'

/** A list main has opened: its columns with masked samples and the mapping it suggests. */
export interface Opened {
  listId: string
  fileName: string
  sizeBytes: number
  hasHeader: boolean
  columns: { index: number; name: string; samples: string[] }[]
  mapping: { column: number; type: IdentifierType }[]
  allowedTypes: IdentifierType[]
}

/** Main's refusal on the step's fields: `errorOn` a field it named, `generalError` when on none shown. */
export interface StepErrors {
  errorOn(field: string): string | undefined
  generalError(...fields: string[]): string | null
  clearError(): void
}
