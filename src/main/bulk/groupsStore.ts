import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { draftGroupSchema, type DraftGroup } from '../../shared/ipc/contracts/variants'
import { isErrno, writeFileAtomic } from '../files/atomicFile'

/**
 * The drafts' groups (variants made together), in `<dataDir>/groups/groups.json`, beside the
 * drafts rather than inside them. A group is the designer's working set, not part of a
 * creative: keeping it out of the draft envelope needs no schema bump and no migration of every
 * draft file, leaves the CSV and the export format alone, and a lost groups file loses no
 * content. A group keeps its drafts' ids; a deleted draft simply drops out of what it lists.
 * Written whole and atomically (temp file, fsync, rename), one write at a time.
 */

const FILE_VERSION = 1
const fileSchema = z.object({ version: z.literal(FILE_VERSION), groups: z.array(draftGroupSchema) })

export interface GroupsStore {
  list(): Promise<DraftGroup[]>
  get(id: string): Promise<DraftGroup | undefined>
  create(group: Omit<DraftGroup, 'id'>): Promise<DraftGroup>
}

export function createGroupsStore(dataDir: string): GroupsStore {
  const dir = join(dataDir, 'groups')
  const path = join(dir, 'groups.json')
  let groups: DraftGroup[] | null = null
  let writing: Promise<void> = Promise.resolve()

  const load = async (): Promise<DraftGroup[]> => {
    if (groups) return groups
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error
      return (groups = [])
    }
    let parsed: z.infer<typeof fileSchema> | undefined
    try {
      parsed = fileSchema.parse(JSON.parse(text))
    } catch {
      // A damaged file is kept aside for support, and the groups start again: no draft is lost.
      await rename(path, `${path}.damaged-${Date.now()}`).catch(() => undefined)
    }
    return (groups = parsed?.groups ?? [])
  }

  const save = (next: DraftGroup[]): Promise<void> => {
    const data = JSON.stringify({ version: FILE_VERSION, groups: next }, null, 1)
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(dir, { recursive: true })
        await writeFileAtomic(path, data)
      })
    return writing
  }

  return {
    list: async () => [...(await load())],
    get: async (id) => (await load()).find((group) => group.id === id),
    async create(group) {
      const created: DraftGroup = { id: randomUUID(), ...group }
      const next = [created, ...(await load())]
      await save(next)
      groups = next
      return created
    },
  }
}
