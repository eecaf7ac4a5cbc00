import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import type { PublishJob as Job } from '../../../src/main/publish/job'
import { lastJobRecord } from '../../../src/main/publish/jobStore'
import type { DraftKind } from '../../../src/shared/drafts/envelope'
import { useSandboxApps } from '../../support/sandboxApps'
import { describeRun, tsxChild, type SupervisedRun } from '../../support/supervisedChild'
import * as make from './fixtures'
import type { Sandbox } from '../../../sandbox/index'
import { createDraft } from './harness'

/**
 * The Done-when of the outbox: 100 mixed drafts published while 20% of responses are dropped
 * after the server committed and 10% of requests get a 5xx, with the publishing process killed
 * (SIGKILL) halfway and a new one started on the same data directory. Every draft must end
 * published exactly once, as the sandbox counts it.
 */

const here = dirname(fileURLToPath(import.meta.url))
const CHILD = join(here, 'publish-child.ts')

const apps = useSandboxApps('outbox faults', (workDir) => ({
  port: 0,
  seed: 20_260_107,
  dataFile: join(workDir, 'sandbox.json'),
  // The counts under test are about duplicates, not the platform's quotas.
  limits: { requestsPerWindow: 1_000_000, videoProcessingMs: 20 },
}))

/**
 * A publishing child is killed only after this long without output: it reports every step done
 * and every change of a job's state, so two minutes of silence is a hang, not a slow machine.
 * `onLine` may kill it on purpose.
 */
const runChild = tsxChild(CHILD, 120_000)

/** How far a publishing child got, from its last `published N` line. */
function drafts(run: SupervisedRun): string {
  const published = run.lines.findLast((line) => line.startsWith('published '))?.slice('published '.length)
  return `${published ?? 0} of 100 drafts`
}

interface Planned {
  id: string
  kind: DraftKind
  name: string
}

describe('publishing 100 drafts through faults and a restart', () => {
  // No wall-clock limit shorter than the work: on a loaded machine the two children may need
  // minutes, and a hung one is stopped by the quiet-period watchdog and reported as such.
  it('ends with every draft published exactly once', { timeout: 1_800_000 }, async () => {
    const dataDir = join(apps.workDir, 'app')
    const mediaDir = join(apps.workDir, 'media')
    await mkdir(mediaDir, { recursive: true })
    const { app: setup, profile } = await apps.connected('app')
    const user = profile.userId

    const enqueued: Planned[] = []
    const attached: Planned[] = []
    const libraryNames: string[] = []
    const add = async (list: Planned[], kind: DraftKind, name: string, content: unknown) => {
      const id = await createDraft(setup, kind, name, content)
      list.push({ id, kind, name })
      return id
    }
    const img = async (seed: string) => {
      libraryNames.push(`${seed}.png`)
      return make.image(setup.media(mediaDir), seed)
    }
    const vid = async (seed: number) => {
      libraryNames.push(`video-${seed}.mp4`)
      return make.video(setup.media(mediaDir), seed)
    }

    for (let i = 0; i < 12; i++)
      await add(
        enqueued,
        'card',
        `fx single ${i}`,
        make.singleCard(`fx single ${i}`, await img(`single-${i}`)),
      )
    for (let i = 0; i < 8; i++)
      await add(
        enqueued,
        'card',
        `fx carousel ${i}`,
        make.carouselCard(`fx carousel ${i}`, [await img(`car-${i}-a`), await img(`car-${i}-b`)]),
      )
    for (let i = 0; i < 6; i++)
      await add(
        enqueued,
        'card',
        `fx multi ${i}`,
        make.multiDestinationCard(`fx multi ${i}`, [await img(`multi-${i}-a`), await img(`multi-${i}-b`)]),
      )
    for (let i = 0; i < 14; i++) {
      const media = i < 4 ? await img(`poll-${i}`) : null
      await add(
        enqueued,
        'poll_card',
        `fx poll ${i}`,
        make.pollCard(`fx poll ${i}`, ['Yes', 'No', 'Maybe'].slice(0, 2 + (i % 2)), media),
      )
    }
    for (let i = 0; i < 8; i++)
      await add(
        enqueued,
        'video_conversation_card',
        `fx conversation ${i}`,
        make.videoConversationCard(`fx conversation ${i}`, await vid(i)),
      )
    for (let i = 0; i < 12; i++)
      await add(
        enqueued,
        'post',
        `fx text post ${i}`,
        make.post(user, `fx text post ${i}`, `Hello number ${i}`),
      )
    for (let i = 0; i < 10; i++)
      await add(
        enqueued,
        'post',
        `fx image post ${i}`,
        make.post(user, `fx image post ${i}`, `Look ${i}`, { media: [await img(`post-${i}`)] }),
      )
    for (let i = 0; i < 8; i++) {
      const card = await add(
        attached,
        'card',
        `fx attached card ${i}`,
        make.singleCard(`fx attached card ${i}`, await img(`attached-${i}`)),
      )
      await add(
        enqueued,
        'post',
        `fx card post ${i}`,
        make.post(user, `fx card post ${i}`, `With a card ${i}`, { cardDraftId: card }),
      )
    }
    for (let i = 0; i < 6; i++) {
      const poll = await add(
        attached,
        'poll_card',
        `fx attached poll ${i}`,
        make.pollCard(`fx attached poll ${i}`, ['Left', 'Right']),
      )
      await add(
        enqueued,
        'post',
        `fx poll post ${i}`,
        make.post(user, `fx poll post ${i}`, `Vote ${i}`, { cardDraftId: poll }),
      )
    }
    // Card drafts published on their own and attached to a post as well: still one card each.
    for (let i = 0; i < 4; i++) {
      const card = enqueued.find((d) => d.name === `fx single ${i}`)!
      await add(
        enqueued,
        'post',
        `fx shared card post ${i}`,
        make.post(user, `fx shared card post ${i}`, `Shared ${i}`, { cardDraftId: card.id }),
      )
    }
    for (let i = 0; i < 12; i++) {
      const medium = await make.image(setup.media(mediaDir), `library-${i}`)
      await add(enqueued, 'media_library', `fx library ${i}`, make.mediaLibrary(`fx library ${i}`, medium))
    }
    expect(enqueued).toHaveLength(100)
    await setup.call('drafts.flush')
    await apps.close(setup)

    const draftsFile = join(apps.workDir, 'drafts.json')
    await writeFile(draftsFile, JSON.stringify(enqueued.map((d) => d.id)))
    apps.sandbox.setFaults({ dropAfterCommitRate: 0.2, errorRate: 0.1 })

    const first = await runChild([dataDir, apps.keychainService, draftsFile], (line, kill) => {
      const match = /^published (\d+)$/.exec(line)
      if (match !== null && Number(match[1]) >= 45) kill()
    })
    expect(first.killedBy, describeRun('the first publishing child', first, drafts(first))).toBe('test')
    expect(first.lines).toContain('enqueued 100')
    const second = await runChild([dataDir, apps.keychainService])
    const done = second.lines.find((line) => line.startsWith('done '))
    expect(done, describeRun('the publishing child', second, drafts(second))).toBeDefined()
    expect(JSON.parse(done!.slice(5))).toEqual({ published: 100, failed: [] })
    const faults = apps.sandbox.faultCounts()
    apps.sandbox.setFaults({ dropAfterCommitRate: 0, errorRate: 0 })
    expect(faults.drops).toBeGreaterThan(50)
    expect(faults.errors).toBeGreaterThan(25)

    // Exactly one object per draft, by name, in the sandbox's own records.
    const named = (kind: Parameters<Sandbox['list']>[0], name: string) =>
      apps.sandbox.list(kind).filter((item) => item.name === name && item.deleted !== true)
    const collection = {
      card: 'cards',
      poll_card: 'poll_cards',
      video_conversation_card: 'video_conversation_cards',
      post: 'posts',
      media_library: 'media_library',
    } as const
    for (const draft of [...enqueued, ...attached]) {
      expect(named(collection[draft.kind], draft.name), draft.name).toHaveLength(1)
    }
    for (const fileName of libraryNames) expect(named('media_library', fileName), fileName).toHaveLength(1)
    const count = (kind: DraftKind) => [...enqueued, ...attached].filter((d) => d.kind === kind).length
    expect(apps.sandbox.created()).toMatchObject({
      cards: count('card'),
      poll_cards: count('poll_card'),
      video_conversation_cards: count('video_conversation_card'),
      posts: count('post'),
      media_library: count('media_library') + libraryNames.length,
    })
    // Posts carry the card their draft attached.
    for (const draft of enqueued.filter((d) => d.name.startsWith('fx shared card post'))) {
      const index = draft.name.split(' ').at(-1)
      const card = named('cards', `fx single ${index}`)[0]!
      expect(named('posts', draft.name)[0]!.card_uri).toBe(card.card_uri)
    }

    // Lost answers were settled by finding what the server had made, not by sending again.
    const jobFiles = await readdir(join(dataDir, 'outbox'))
    const jobs = await Promise.all(
      jobFiles.map(
        async (name) => lastJobRecord(await readFile(join(dataDir, 'outbox', name), 'utf8')) as Job,
      ),
    )
    expect(jobs).toHaveLength(100)
    const adopted = jobs
      .flatMap((job) => job.steps)
      .filter((step) => 'result' in step && step.result && 'adopted' in step.result)
    expect(adopted.length).toBeGreaterThan(5)

    const store = createDraftStore({ dir: join(dataDir, 'drafts') })
    await store.load()
    for (const draft of [...enqueued, ...attached])
      expect(store.get(draft.id)?.status, draft.name).toBe('published')
    await store.close()
  })
})
