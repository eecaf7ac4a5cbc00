import type { variantsContract } from '../../shared/ipc/contracts/variants'
import type { HandlersOf } from '../ipc/dispatcher'
import type { createDraftsService } from '../drafts/draftsService'
import type { BulkStepRecorder } from './bulkSteps'
import { draftsPortOf } from './csvService'
import { createGroupsStore } from './groupsStore'
import { createVariantsService, type VariantDraftsPort } from './variantsService'

type DraftsService = ReturnType<typeof createDraftsService>

/** The variants port over the drafts service: new drafts go straight to the store, whole. */
export function variantDraftsPortOf(drafts: DraftsService): VariantDraftsPort {
  const port = draftsPortOf(drafts)
  return {
    ...port,
    create: (kind, name, content) => drafts.store.create(kind, name, content),
    liveNames: async () => {
      // Waits for the drafts' load without hurrying it (the first screen keeps its core).
      await drafts.whenLoaded
      return new Map(drafts.store.list().map((summary) => [summary.id, summary.name]))
    },
  }
}

/** Variants of a draft, and the groups they make. */
export function createVariantsHandlers(
  drafts: DraftsService,
  dataDir: string,
  recorder?: BulkStepRecorder,
): HandlersOf<typeof variantsContract> {
  const variants = createVariantsService({
    drafts: variantDraftsPortOf(drafts),
    groups: createGroupsStore(dataDir),
    ...(recorder ? { recorder } : {}),
  })
  return {
    'variants.fields': ({ draftId }) => variants.fields(draftId),
    'variants.preview': (request) => variants.preview(request),
    'variants.generate': (request) => variants.generate(request),
    'draftGroups.list': () => variants.list(),
    'draftGroups.fields': ({ groupId }) => variants.groupFields(groupId),
    'draftGroups.setField': (request) => variants.setField(request),
  }
}
