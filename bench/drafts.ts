/**
 * Saving one draft with many drafts stored: the drafts service as the app builds it (the store
 * with the app's content validator, and the summary index kept up to date on each save).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDraftsService } from '../src/main/drafts/draftsService'
import type { Draft } from '../src/shared/drafts/envelope'
import { seedDrafts } from '../test/support/seedDrafts'

const WARMUP_SAVES = 40
export const SAVES = 300

export async function benchDraftSaves(count: number): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ads-bench-saves-'))
  try {
    const { ids } = await seedDrafts({ dataDir, count })
    const drafts = createDraftsService({
      dataDir,
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    })
    await drafts.ready
    const timings: number[] = []
    for (let n = 0; n < WARMUP_SAVES + SAVES; n++) {
      const id = ids[(n * 7919) % ids.length]!
      const current = drafts.store.get(id) as Draft
      const started = performance.now()
      await drafts.store.save({
        ...current,
        name: `${current.name.replace(/ \(edit \d+\)$/, '')} (edit ${n})`,
      })
      if (n >= WARMUP_SAVES) timings.push(performance.now() - started)
    }
    await drafts.close()
    return timings
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
