import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile, type DamagedStore } from '../files/storeFile'
import { PRODUCT_FIELDS, type Product } from '../../shared/catalog/product'
import type { ProductFilter } from '../../shared/catalog/filters'
import type { IssueView, ProductStatus } from '../../shared/ipc/contracts/catalogs'

/**
 * The catalog as this device knows it, per profile (one catalog per user): the catalog, every
 * product with its sending status and the platform's last messages, and the product sets made
 * here. It is what the Catalog page browses and what the outbox's executors send: a queued
 * step names product ids and sends what is stored when it runs, so the latest edit wins.
 *
 * Writes are coalesced (a 10,000-product import answers 400 batches); the outbox's job file,
 * not this one, is the durable record of what was sent. flush() on quit. Each write reuses the
 * JSON of the records not changed since the last one (rule P17, bench/PERFORMANCE.md): while an
 * import sends, a whole rewrite of 10,000 products (5.6 MB) each second was main's largest cost.
 */

export interface StoredProduct {
  product: Product
  productKey?: string
  itemGroupKey?: string
  status: ProductStatus
  lastResult?: string
  messages: IssueView[]
  /** The job that last sent (or is sending) it. */
  jobId?: string
  /** Bumped by every local edit: an answer about an older revision does not mark it sent. */
  revision: number
  updatedAt: string
}

export interface StoredSet {
  localId: string
  id?: string
  name: string
  description?: string
  type: 'MANUAL' | 'FILTERED'
  filters: ProductFilter[]
  /** MANUAL: the chosen products; FILTERED: the members the platform reported. */
  productIds: string[]
  processingStatus?: string
  status: 'pending' | 'created' | 'failed'
  error?: string
  jobId?: string
}

export interface StoredCatalog {
  id?: string
  name: string
  status: 'pending' | 'created'
}

const SCHEMA = 1
const fileSchema = z.object({
  schema: z.literal(SCHEMA),
  catalog: z
    .object({ id: z.string().optional(), name: z.string(), status: z.enum(['pending', 'created']) })
    .nullable(),
  products: z.array(z.unknown()),
  sets: z.array(z.unknown()),
})

export interface CatalogStore {
  catalog(): StoredCatalog | null
  setCatalog(catalog: StoredCatalog | null): void
  get(id: string): StoredProduct | undefined
  /** In insertion order. */
  all(): readonly StoredProduct[]
  put(record: StoredProduct): void
  remove(id: string): void
  sets(): StoredSet[]
  putSet(set: StoredSet): void
  /** Forgets every product set (the catalog they belonged to was deleted). */
  clearSets(): void
  /**
   * Records changed in place: schedule a write. Name them when you can (only those are written
   * out again); without ids every record is.
   */
  touch(ids?: Iterable<string>): void
  flush(): Promise<void>
}

const WRITE_DELAY_MS = 1_000
/** 10,000 products take about 6 MB: a file this large is not a catalog this app wrote. */
const MAX_CATALOG_BYTES = 256 * 1024 * 1024

function isProduct(value: unknown): value is StoredProduct {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<StoredProduct>
  return typeof record.product?.id === 'string' && typeof record.status === 'string'
}

export async function openCatalogStore(
  dataDir: string,
  profileId: string,
  onDamaged?: (damaged: DamagedStore) => void,
  /** Anything in it changed (the catalog.changed event). */
  onChanged?: () => void,
): Promise<CatalogStore> {
  const dir = join(dataDir, 'catalog')
  const file = join(dir, `${profileId}.json`)
  let catalog: StoredCatalog | null = null
  const products = new Map<string, StoredProduct>()
  let sets: StoredSet[] = []
  // A damaged file is moved aside and the catalog starts empty; a refresh reads it back.
  const parsed = await readStoreFile(file, {
    maxBytes: MAX_CATALOG_BYTES,
    parse: (text) => {
      const result = fileSchema.safeParse(parseJson(text))
      return result.success ? result : undefined
    },
    ...(onDamaged ? { onDamaged } : {}),
  })
  if (parsed) {
    catalog = parsed.data.catalog
    for (const record of parsed.data.products) {
      if (!isProduct(record)) continue
      // Only known fields survive a round trip through the file.
      const product = Object.fromEntries(
        PRODUCT_FIELDS.flatMap((field) =>
          record.product[field] === undefined ? [] : [[field, record.product[field]]],
        ),
      ) as Product
      products.set(product.id as string, { ...record, product, messages: record.messages ?? [] })
    }
    sets = parsed.data.sets.filter(
      (set): set is StoredSet => !!set && typeof (set as StoredSet).localId === 'string',
    )
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()
  let dirty = false
  /** Each product's JSON as last written, by id; dropped when its record changes. */
  const written = new Map<string, string>()

  function productsJson(): string {
    const parts: string[] = []
    for (const [id, record] of products) {
      let text = written.get(id)
      if (text === undefined) {
        text = JSON.stringify(record)
        written.set(id, text)
      }
      parts.push(text)
    }
    return `[${parts.join(',')}]`
  }

  async function write(): Promise<void> {
    if (!dirty) return
    dirty = false
    // The same text as JSON.stringify of the whole: each record's own, in the same order.
    const text = `{"schema":${SCHEMA},"catalog":${JSON.stringify(catalog)},"products":${productsJson()},"sets":${JSON.stringify(sets)}}`
    await mkdir(dir, { recursive: true })
    await writeFileAtomic(file, text)
  }
  function schedule(): void {
    dirty = true
    onChanged?.()
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      writing = writing.then(write).catch(() => {
        dirty = true
      })
    }, WRITE_DELAY_MS)
  }

  return {
    catalog: () => catalog,
    setCatalog(next) {
      catalog = next
      schedule()
    },
    get: (id) => products.get(id),
    all: () => [...products.values()],
    put(record) {
      products.set(record.product.id as string, record)
      written.delete(record.product.id as string)
      schedule()
    },
    remove(id) {
      products.delete(id)
      written.delete(id)
      schedule()
    },
    sets: () => sets,
    putSet(set) {
      sets = [...sets.filter((candidate) => candidate.localId !== set.localId), set]
      schedule()
    },
    clearSets() {
      sets = []
      schedule()
    },
    touch(ids) {
      if (ids) for (const id of ids) written.delete(id)
      else written.clear()
      schedule()
    },
    async flush() {
      if (timer) {
        clearTimeout(timer)
        timer = undefined
      }
      await writing
      await write()
    },
  }
}
