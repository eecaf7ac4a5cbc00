import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { fingerprintSchema, REVIEW_DECISIONS, REVIEW_LIMITS } from '../../shared/review/format'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile, type DamagedStore } from '../files/storeFile'

/**
 * The verdicts reviewers sent back, and which ad accounts need an approval to publish, kept in
 * the data folder (`reviews/verdicts.json`). Written whole and atomically (temp file, fsync,
 * rename): a crash leaves the old list or the new one. A damaged file is moved aside, as every
 * store of main does; the accounts' setting then reads "off" until it is set again.
 */

const storedVerdictSchema = z.object({
  draftId: z.string().min(1),
  fingerprint: fingerprintSchema,
  decision: z.enum(REVIEW_DECISIONS),
  reviewer: z.string().max(REVIEW_LIMITS.reviewerLength),
  comments: z.array(z.object({ field: z.string(), text: z.string() })),
  decidedAt: z.string(),
  importedAt: z.string(),
  bundleId: z.string(),
  accountKey: z.string(),
})
export type StoredVerdict = z.infer<typeof storedVerdictSchema>

const storeFileSchema = z.object({
  version: z.literal(1),
  verdicts: z.array(storedVerdictSchema),
  /** Account keys (reviewContent.ts accountKey) whose publishing needs an approval. */
  approvalRequired: z.array(z.string()),
})
type StoreFile = z.infer<typeof storeFileSchema>

/** Far above any real review history; a bigger file is not this store's. */
const MAX_FILE_BYTES = 64 * 1024 * 1024

export function createVerdictStore(options: { file: string; onDamaged?: (damaged: DamagedStore) => void }) {
  let state: StoreFile | undefined
  let loading: Promise<StoreFile> | undefined
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<StoreFile> {
    if (state) return state
    loading ??= readStoreFile(options.file, {
      maxBytes: MAX_FILE_BYTES,
      parse: (text) => {
        const parsed = storeFileSchema.safeParse(parseJson(text))
        return parsed.success ? parsed.data : undefined
      },
      ...(options.onDamaged ? { onDamaged: options.onDamaged } : {}),
    }).then((file) => file ?? { version: 1, verdicts: [], approvalRequired: [] })
    state ??= await loading
    return state
  }

  function persist(file: StoreFile): Promise<void> {
    const text = JSON.stringify(file)
    const write = writing.then(async () => {
      await mkdir(dirname(options.file), { recursive: true })
      await writeFileAtomic(options.file, text)
    })
    // One failed write must not stop the next ones; the caller still hears of it.
    writing = write.catch(() => undefined)
    return write
  }

  return {
    /** Every verdict of a draft, oldest first. */
    async verdictsOf(draftId: string): Promise<StoredVerdict[]> {
      return (await load()).verdicts.filter((verdict) => verdict.draftId === draftId)
    },
    async all(): Promise<readonly StoredVerdict[]> {
      return (await load()).verdicts
    },
    async add(verdicts: readonly StoredVerdict[]): Promise<void> {
      if (verdicts.length === 0) return
      const file = await load()
      const next = { ...file, verdicts: [...file.verdicts, ...verdicts] }
      await persist(next)
      state = next
    },
    async approvalRequired(key: string): Promise<boolean> {
      return (await load()).approvalRequired.includes(key)
    },
    async setApprovalRequired(key: string, required: boolean): Promise<void> {
      const file = await load()
      const others = file.approvalRequired.filter((candidate) => candidate !== key)
      const next = { ...file, approvalRequired: required ? [...others, key] : others }
      await persist(next)
      state = next
    },
  }
}

export type VerdictStore = ReturnType<typeof createVerdictStore>
