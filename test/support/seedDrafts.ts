/**
 * Writes many drafts straight into a data directory, as the app's draft store lays them out
 * (`<dataDir>/drafts/drafts/<id>.json`), for scale tests and `npm run bench`. Every draft passes
 * the app's content validator (nothing is quarantined at load); a share of them have problems a
 * designer would fix (a missing medium, a blank title), so the list shows both badges.
 *
 * Deterministic: the same count and seed give the same ids, names and timestamps, so a run can be
 * reproduced. Files are written without fsync: this seeds, it does not measure the store.
 *
 *   npx tsx test/support/seedDrafts.ts <data dir> [count = 50000]
 */
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft, type DraftKind } from '../../src/shared/drafts/envelope'

export interface SeedOptions {
  /** The app's data directory (what createServices gets as dataDir). */
  dataDir: string
  count: number
  /** Changes every id, name and timestamp; the default gives the same drafts each run. */
  seed?: number
  /** The newest draft's updatedAt; the rest are spread over the year before it. */
  newest?: Date
}

export interface SeededDrafts {
  /** Newest first: the order the drafts page shows by default. */
  ids: string[]
  names: string[]
}

const WORDS = [
  'Spring',
  'Summer',
  'Autumn',
  'Winter',
  'Launch',
  'Sale',
  'Collection',
  'Weekend',
  'Flash',
  'Members',
  'Outdoor',
  'Running',
  'Coffee',
  'Studio',
  'Garden',
  'Travel',
  'Bundle',
  'Preview',
  'Encore',
  'Holiday',
]
const KINDS: DraftKind[] = ['card', 'card', 'poll_card', 'post', 'post', 'video_conversation_card']
const STATUSES = ['draft', 'draft', 'draft', 'draft', 'published', 'failed'] as const

/** A small, fast, seeded PRNG (mulberry32): reproducible without a dependency. */
function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
  hex[12] = '4'
  hex[16] = '89ab'[Math.floor(random() * 4)]!
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

const library = (key: string) => ({
  source: 'library' as const,
  mediaKey: key,
  mediaType: 'IMAGE' as const,
  width: 1200,
  height: 628,
})
const website = (n: number) => ({
  type: 'WEBSITE' as const,
  url: `https://shop.example.com/c/${n}?utm_source=ads`,
})

function contentFor(kind: DraftKind, name: string, n: number, broken: boolean): unknown {
  switch (kind) {
    case 'card':
      return n % 2 === 0
        ? {
            name,
            mode: 'single',
            components: [
              { id: `m${n}`, type: 'MEDIA', media: broken ? null : library(`3_${n}`) },
              {
                id: `d${n}`,
                type: 'DETAILS',
                title: `Shop the ${name.toLowerCase()}`.slice(0, 70),
                destination: website(n),
              },
            ],
            slides: [],
          }
        : {
            name,
            mode: 'multi_destination',
            components: [],
            slides: [1, 2, 3].map((slide) => ({
              id: `s${n}-${slide}`,
              components: [
                { id: `m${n}-${slide}`, type: 'MEDIA', media: library(`3_${n}${slide}`) },
                {
                  id: `d${n}-${slide}`,
                  type: 'DETAILS',
                  title: broken && slide === 2 ? '' : `Slide ${slide}`,
                  destination: website(n),
                },
              ],
            })),
          }
    case 'poll_card':
      return {
        name,
        choices: broken ? ['Yes'] : ['Yes', 'No', 'Maybe'],
        durationInMinutes: 1440,
        media: null,
      }
    case 'post':
      return {
        asUserId: '1000000001',
        text: broken ? '' : `${name}: new arrivals every week. https://shop.example.com/${n}`,
        card: null,
        media: [],
        videoTitle: '',
        videoDescription: '',
        videoCta: null,
        videoCtaValue: '',
        conversationSettings: 'EVERYONE',
        nullcast: true,
        name,
        postMode: null,
      }
    default:
      return {
        name,
        title: 'Pick a side',
        options: [
          { id: `a${n}`, hashtag: 'TeamRed', post: 'I pick red' },
          { id: `b${n}`, hashtag: 'TeamBlue', post: 'I pick blue' },
        ],
        thankYouText: 'Thanks for voting',
        thankYouUrl: 'https://example.com/thanks',
        video: broken
          ? null
          : {
              source: 'library',
              mediaKey: `7_${n}`,
              mediaType: 'VIDEO',
              width: 1280,
              height: 720,
              aspectRatio: '16:9',
              durationSeconds: 12,
            },
        poster: null,
        unlockedImage: null,
        unlockedVideo: null,
      }
  }
}

export async function seedDrafts(options: SeedOptions): Promise<SeededDrafts> {
  const random = prng(options.seed ?? 20_251_121)
  const newest = (options.newest ?? new Date('2025-11-21T12:00:00.000Z')).getTime()
  const dir = join(options.dataDir, 'drafts', 'drafts')
  await mkdir(dir, { recursive: true })
  const ids: string[] = []
  const names: string[] = []
  const BATCH = 500
  for (let start = 0; start < options.count; start += BATCH) {
    const writes: Promise<void>[] = []
    for (let n = start; n < Math.min(options.count, start + BATCH); n++) {
      const kind = KINDS[n % KINDS.length]!
      const name = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]} ${n + 1}`
      // One minute apart, newest first: draft n is n minutes older than the newest.
      const stamp = new Date(newest - n * 60_000).toISOString()
      const status = STATUSES[Math.floor(random() * STATUSES.length)]!
      const draft: Draft = {
        id: uuidFrom(random),
        kind,
        name,
        createdAt: stamp,
        updatedAt: stamp,
        schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
        status,
        content: contentFor(kind, name, n, random() < 0.15),
      }
      if (status === 'published') {
        draft.published = {
          accountId: '18ce54d4x5t',
          publishedAt: stamp,
          ...(kind === 'post'
            ? { postId: String(1_700_000_000_000 + n) }
            : { cardId: `c${n}`, cardUri: `card://${n}` }),
        }
      }
      ids.push(draft.id)
      names.push(name)
      // The file's time is its last save's, as the app's own saves leave it.
      const path = join(dir, `${draft.id}.json`)
      const savedAt = new Date(stamp)
      writes.push(
        writeFile(path, `${JSON.stringify(draft, null, 2)}\n`).then(() => utimes(path, savedAt, savedAt)),
      )
    }
    await Promise.all(writes)
  }
  return { ids, names }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dataDir, count = '50000'] = process.argv.slice(2)
  if (!dataDir) {
    console.error('usage: npx tsx test/support/seedDrafts.ts <data dir> [count]')
    process.exit(2)
  }
  const seeded = await seedDrafts({ dataDir: resolve(dataDir), count: Number(count) })
  console.log(`Seeded ${seeded.ids.length} drafts under ${resolve(dataDir, 'drafts', 'drafts')}`)
}
