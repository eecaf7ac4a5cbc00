// Acceptance for main's log (issue 38, "A log for support"): after a full publish and an audience
// upload against the sandbox, the log names every job's state changes and every failed call, and
// holds none of the secrets, tokens, signatures, customer identifiers or draft text the run used.
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../../src/main/api/http'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import type { SecretStore } from '../../../src/main/vault/secretStore'
import type { ListReport } from '../../../src/shared/ipc/contracts/audiences'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { SEEDED_AUDIENCES } from '../../../sandbox/seedAudiences'
import { approveInBrowser } from '../../support/authorizePage'
import { image, pollCard, post } from '../publish/fixtures'
import { createDraft, openApp, type App } from '../publish/harness'

const keychainService = `Ads Studio support log ${process.pid}`
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

let sandbox: Sandbox
let workDir: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { audienceProcessingMs: 0 } })
  workDir = await mkdtemp(join(tmpdir(), 'support-log-'))
})
afterAll(async () => {
  await sandbox?.close()
  await rm(workDir, { recursive: true, force: true })
})

/** Every value the run must keep out of the log, with what it is (for the failure message). */
const forbidden = new Map<string, string>()
/** The kinds of value the run used, so a clean log means something. */
const kindsUsed = new Set<string>()
const forbid = (what: string, value: string | null | undefined) => {
  if (!value) return
  if (!forbidden.has(value)) forbidden.set(value, what)
  kindsUsed.add(what)
}

/** The keychain as the app uses it, remembering every secret it is given. */
function recordingKeychain(store: SecretStore): SecretStore {
  return {
    ...store,
    get: (service, account) => store.get(service, account),
    async set(service, account, secret) {
      forbid(`keychain item ${account}`, secret)
      await store.set(service, account, secret)
    },
    delete: (service, account) => store.delete(service, account),
    isAvailable: () => store.isAvailable(),
  }
}

/** Values of OAuth parameters in a header value: oauth_token="…", oauth_signature="…". */
function recordOAuth(header: string): void {
  for (const [, name, value] of header.matchAll(/(oauth_[a-z_]+)="([^"]*)"/g)) {
    if (name === 'oauth_signature' || name === 'oauth_token' || name === 'oauth_consumer_key')
      forbid(name, decodeURIComponent(value ?? ''))
  }
}

/** An HTTP agent that reads every request's Authorization header before it is sent. */
function recordingAgent(): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => {
    const headers = options.headers
    const pairs: [string, unknown][] = Array.isArray(headers)
      ? headers.flatMap((value, index, all) => (index % 2 === 0 ? [[String(value), all[index + 1]]] : []))
      : headers && typeof headers === 'object'
        ? Object.entries(headers)
        : []
    for (const [name, value] of pairs) if (name.toLowerCase() === 'authorization') recordOAuth(String(value))
    return dispatch(options, handler)
  })
}

async function logLines(dataDir: string): Promise<{ text: string; lines: Record<string, unknown>[] }> {
  const dir = join(dataDir, 'logs')
  const names = (await readdir(dir)).filter((name) => name.endsWith('.log'))
  const text = (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('')
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { text, lines }
}

describe("main's log after a publish and an audience upload", () => {
  let app: App
  let dataDir: string
  const jobIds: { post?: string; upload?: string } = {}

  beforeAll(async () => {
    dataDir = join(workDir, 'app')
    const dialogAnswers: string[] = []
    app = openApp(dataDir, recordingKeychain(createKeytarSecretStore(keychainService)), {
      http: createHttpClient({
        timeoutMs: 5_000,
        retry: { maxAttempts: 8, baseDelayMs: 2, maxDelayMs: 40 },
        dispatcher: recordingAgent(),
      }),
      audienceDialogs: { chooseListFile: async () => dialogAnswers.shift() ?? null },
    })
    const { consumerKey, consumerSecret } = sandbox.demo
    forbid('consumer key', consumerKey)
    forbid('consumer secret', consumerSecret)

    // Connect through the PIN flow, keeping the PIN.
    const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
    const started = await app.call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
      environment: 'local_sandbox',
      hosts,
      consumerKey,
      consumerSecret,
      accessLevel: 'write',
      forceLogin: false,
      label: 'Sandbox',
    })
    const pin = await approveInBrowser(started.authorizeUrl)
    forbid('PIN', pin)
    const profile = await app.call<{ id: string; userId: string }>('connect.complete', {
      profileId: started.profileId,
      pin,
    })
    await app.call('accounts.select', { profileId: profile.id, accountId: sandbox.demo.accountIds[0] })

    // A full publish: a local image, a new poll card draft, and the post that carries both.
    const words = {
      postName: 'Zephyrquill launch post',
      postText: 'Marigoldvast summer preview, ask the Quokkalumen team',
      pollName: 'Thistledown poll',
      choices: ['Cobaltreef', 'Saffronmist'],
    }
    for (const [what, value] of Object.entries(words)) for (const word of [value].flat()) forbid(what, word)
    const pollImage = await image(app.media(workDir), 'support-log-poll')
    const pollId = await createDraft(
      app,
      'poll_card',
      words.pollName,
      pollCard(words.pollName, words.choices, pollImage),
    )
    const postId = await createDraft(
      app,
      'post',
      words.postName,
      post(profile.userId, words.postName, words.postText, { cardDraftId: pollId }),
    )
    const queued = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: postId })).job
    jobIds.post = queued.id
    await app.services.outbox.idle()
    const published = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: queued.id })).job
    expect(published.state).toBe('published')

    // A refused call that carries draft text: the log names the channel, not the text.
    await expect(
      app.call('drafts.update', { id: postId, content: { text: words.postText }, note: words.postText }),
    ).rejects.toMatchObject({ code: 'invalid_request' })

    // An audience upload: emails (and a phone number) in a customer list.
    const people = Array.from({ length: 40 }, (_, index) => `Wrenfield${index}.Ostara@Shop.Example`)
    for (const person of people) {
      forbid('email', person)
      forbid('email, normalized', person.toLowerCase())
      forbid('email digest', sha(person.toLowerCase()))
    }
    const listPath = join(workDir, 'customers.csv')
    await writeFile(listPath, `${['email', ...people].join('\n')}\n`)
    dialogAnswers.push(listPath)
    const opened = await app.call<{ listId: string; mapping: { column: number; type: string }[] }>(
      'audiences.openList',
      { profileId: profile.id, target: { kind: 'custom_audience', id: SEEDED_AUDIENCES.emptyList } },
    )
    const report = await app.call<ListReport>('audiences.checkList', {
      listId: opened.listId,
      mapping: opened.mapping,
    })
    expect(report.records).toBe(40)
    const sent = await app.call<{ uploadId: string; job: OutboxJobView }>('audiences.sendList', {
      listId: opened.listId,
      operationType: 'Update',
      confirmedRecords: report.records,
    })
    jobIds.upload = sent.job.id
    await app.services.outbox.idle()
    const uploaded = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: sent.job.id })).job
    expect(uploaded.state).toBe('done')

    // Everything logged so far is in the file once the app has closed.
    await app.services.dispose()
  }, 90_000)

  it('holds no secret, token, signature, customer identifier or draft text the run used', async () => {
    // The run used each kind: a check that finds nothing because nothing was recorded proves nothing.
    const kinds = kindsUsed
    for (const kind of ['consumer key', 'consumer secret', 'PIN', 'oauth_signature', 'oauth_token', 'email'])
      expect(kinds).toContain(kind)
    expect([...kinds].some((kind) => kind.startsWith('keychain item'))).toBe(true)

    const { text } = await logLines(dataDir)
    const found = [...forbidden]
      .filter(([value]) =>
        [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)].some((form) =>
          text.includes(form),
        ),
      )
      .map(([value, what]) => `${what}: ${value}`)
    expect(found).toEqual([])
    // No digest of anything, and no OAuth header, in any form.
    expect(text).not.toMatch(/\b[a-f0-9]{64}\b/i)
    expect(text).not.toMatch(/oauth_signature="/)
  })

  it('has a line for each state change of the publish and the upload', async () => {
    const { lines } = await logLines(dataDir)
    const changes = (jobId: string | undefined) =>
      lines
        .filter((line) => line.module === 'outbox' && line.jobId === jobId)
        .filter((line) => line.msg === 'job queued' || line.msg === 'job state changed')
        .map((line) => `${String(line.from ?? '')}→${String(line.to)}`)
    expect(changes(jobIds.post)).toEqual(['→active', 'active→published'])
    expect(changes(jobIds.upload)).toEqual(['→active', 'active→done'])
    const published = lines.find((line) => line.jobId === jobIds.post && line.to === 'published')
    expect(published).toMatchObject({ area: 'publish', kind: 'post', steps: { total: expect.any(Number) } })
  })

  it('has a line for the refused call, naming its channel and code', async () => {
    const { lines } = await logLines(dataDir)
    expect(lines).toContainEqual(
      expect.objectContaining({
        module: 'ipc',
        channel: 'drafts.update',
        code: 'invalid_request',
        msg: 'call failed',
      }),
    )
  })
})
