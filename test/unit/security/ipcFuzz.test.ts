import { mkdtemp, rm } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../../src/main/api/http'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import { CHANNELS, type Channel } from '../../../src/shared/ipc/channels'
import { contract } from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/result'

/**
 * IPC fuzzing through the real dispatcher and the real services: at least 10,000 generated
 * payloads across every contract channel. The renderer is untrusted, so whatever it sends,
 * main must answer with a structured error (never crash, never reject unhandled, never fall
 * back to the generic "internal" error), and a refused object payload names its field.
 * The generator is seeded, so a failure prints the seed and the payload to replay it.
 */

// Far longer than any answer takes; only a handler that never settles reaches it.
const ANSWER_WAIT_MS = 10_000
const SEED = Number(process.env.IPC_FUZZ_SEED ?? 20261123)
const PAYLOADS_PER_CHANNEL = Math.ceil(10_000 / CHANNELS.length) + 10
const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }
// Every host points at a closed loopback port: a payload that gets as far as the network fails
// at once instead of waiting for a timeout.
const CLOSED = 'http://127.0.0.1:9'
const HOSTS = { apiUrl: CLOSED, adsUrl: CLOSED, adsSandboxUrl: CLOSED }

function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { nested: value }
  return value
}

// Built once: a megabyte string and 10,000-deep nesting are costly to make for every payload.
const HUGE_STRING = 'A'.repeat(1_048_576)
const DEEP_ARRAY = deeplyNested(10_000)
const PROTO_OBJECT = JSON.parse(
  '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
)

const UUID = '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f'
const PATHS = [
  '/etc/passwd',
  join(homedir(), '.ssh/id_rsa'),
  '~/.ssh/id_rsa',
  '../../../../etc/shadow',
  'C:\\Windows\\System32\\config\\SAM',
  '\\\\server\\share\\file.png',
  'file:///etc/passwd',
  '/dev/zero',
  '/proc/self/environ',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'image.png\u0000.txt',
]

/** Values of every kind a field could wrongly receive. */
const NASTY: readonly unknown[] = [
  null,
  undefined,
  true,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 53,
  '',
  ' ',
  'x',
  HUGE_STRING,
  '\ud800',
  '😀'.repeat(300),
  '<script>alert(1)</script>',
  "'; DROP TABLE drafts; --",
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  ...PATHS,
  [],
  [null],
  [Number.NaN],
  Array.from({ length: 10_000 }, (_, index) => index),
  {},
  PROTO_OBJECT,
  { toString: 'not a function', valueOf: 1 },
  DEEP_ARRAY,
  new Date(0),
  10n,
  Symbol('renderer'),
  () => 'function',
]

/** Plausible values by field name, so some payloads pass the schema and reach the handlers. */
const PLAUSIBLE: Record<string, unknown[]> = {
  profileId: [UUID],
  id: [UUID],
  draftId: [UUID],
  jobId: [UUID],
  importId: [UUID],
  resultId: [UUID],
  localId: [UUID],
  accountId: ['18ce54d4x5t'],
  path: PATHS,
  token: ['A'.repeat(24), ...PATHS],
  url: ['https://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', `${CLOSED}/x`],
  kind: ['post', 'card', 'poll_card', 'video_conversation_card', 'media_library', 'nope'],
  content: [
    {},
    { text: HUGE_STRING },
    DEEP_ARRAY,
    PROTO_OBJECT,
    { media: [{ source: 'local', path: '/etc/passwd' }] },
  ],
  name: ['A name', HUGE_STRING],
  theme: ['dark', 'light', 'system'],
}

/** Drafts the fuzz created, so later payloads name a draft that exists and reach deeper. */
function rememberDraft(value: unknown): void {
  const id = (value as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return
  for (const field of ['id', 'draftId']) (PLAUSIBLE[field] as unknown[]).push(id)
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema
  for (let guard = 0; guard < 10; guard++) {
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType
    else if (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType
    else break
  }
  return current
}

/** The top-level field names of a request schema (objects, and unions of objects). */
function fieldsOf(schema: z.ZodType): string[] {
  const inner = unwrap(schema)
  if (inner instanceof z.ZodObject) return Object.keys(inner.shape)
  if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion) {
    return [...new Set((inner.options as z.ZodType[]).flatMap(fieldsOf))]
  }
  return []
}

function valueFor(field: string): unknown {
  const plausible = PLAUSIBLE[field]
  if (plausible && random() < 0.5) return pick(plausible)
  return pick(NASTY)
}

type Generated = { payload: unknown; kind: 'not an object' | 'object' }

function generate(fields: readonly string[]): Generated {
  const roll = random()
  if (roll < 0.08) {
    return {
      kind: 'not an object',
      payload: pick([...NASTY.filter((value) => typeof value !== 'object'), null, [], DEEP_ARRAY]),
    }
  }
  // An own "__proto__" key, as JSON.parse and structured clone make it.
  const payload: Record<string, unknown> = roll < 0.2 ? JSON.parse('{"__proto__": {"isAdmin": true}}') : {}
  for (const field of fields) if (random() < 0.8) payload[field] = valueFor(field)
  if (random() < 0.15)
    payload[pick(['extra', 'constructor', 'prototype', 'toString', '__defineGetter__'])] = pick(NASTY)
  return { kind: 'object', payload }
}

/** The outcome of one dispatch, checked; returns a problem description or null. */
function problemWith(
  channel: Channel,
  generated: Generated,
  fields: readonly string[],
  result: IpcResult<unknown>,
) {
  if (result.ok) return null
  const { error } = result
  if (typeof error.code !== 'string' || typeof error.message !== 'string' || error.message.length === 0) {
    return 'the error is not structured'
  }
  if (error.code === 'internal') return `a generic internal error: ${error.message}`
  if (error.code === 'invalid_request' && generated.kind === 'object') {
    if (typeof error.field !== 'string' || error.field.length === 0) return `no field named: ${error.message}`
    const top = error.field.split('.')[0] ?? ''
    const payloadKeys = Object.keys(generated.payload as object)
    if (!fields.includes(top) && !payloadKeys.includes(top))
      return `names "${error.field}", not a field of the request`
  }
  if (
    error.code === 'invalid_request' &&
    channel &&
    !error.message.startsWith('The request was not understood')
  ) {
    return `an unclear message: ${error.message}`
  }
  return null
}

function describePayload(payload: unknown): string {
  try {
    const text = JSON.stringify(payload, (_key, value: unknown) =>
      typeof value === 'string' && value.length > 80
        ? `${value.slice(0, 20)}…(${value.length} chars)`
        : typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function'
          ? `[${typeof value}]`
          : value,
    )
    return text.length > 300 ? `${text.slice(0, 300)}…` : text
  } catch {
    return '[too deep to print]'
  }
}

let dataDir: string
let services: Services
let settingsStore: ReturnType<typeof createMemoryStore>
let secretStore: ReturnType<typeof createMemorySecretStore>

/**
 * A connected profile with an account and tokens, so payloads that pass a schema run their
 * handler as far as the (closed) network rather than stopping at "no such profile". Seeded
 * again before every payload: a fuzzed profiles.signOut may have removed it.
 */
async function seedProfile(): Promise<void> {
  settingsStore.set('profiles', [
    {
      id: UUID,
      label: 'Fuzz',
      environment: 'custom',
      hosts: HOSTS,
      consumerKey: 'fuzz-key',
      accessLevel: 'write',
      status: 'connected',
      screenName: 'fuzz',
      userId: '1',
      activeAccountId: '18ce54d4x5t',
      updatedAt: new Date(0).toISOString(),
    },
  ])
  settingsStore.set('activeProfileId', UUID)
  const vault = createProfileVault(secretStore)
  await vault.saveConsumerSecret(UUID, 'fuzz-secret')
  await vault.saveAccessToken(UUID, { accessToken: '1-token', accessTokenSecret: 'token-secret' })
}
const unexpected: string[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-ipc-fuzz-'))
  settingsStore = createMemoryStore()
  secretStore = createMemorySecretStore()
  await seedProfile()
  services = createServices({
    dataDir,
    hosts: HOSTS,
    env: {},
    // One try, short timeout: the fuzz is about what main does with a payload, not about
    // how patiently it retries an unreachable host.
    http: createHttpClient({ retry: { maxAttempts: 1 }, timeoutMs: 2_000 }),
    settingsStore,
    secretStore,
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    mediaDialogs: { chooseMediaFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'fuzz' },
    onUnexpectedError: (channel, error) =>
      unexpected.push(
        `${channel}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      ),
  })
})
afterAll(async () => {
  await services.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('IPC fuzzing through the real dispatcher', () => {
  it(
    `answers ${PAYLOADS_PER_CHANNEL * CHANNELS.length} generated payloads on every channel with structured errors`,
    { timeout: 120_000 },
    async () => {
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      const rejections: unknown[] = []
      const onRejection = (reason: unknown) => rejections.push(reason)
      const onException = (error: unknown) => rejections.push(error)
      process.on('unhandledRejection', onRejection)
      process.on('uncaughtException', onException)

      const problems: string[] = []
      const tally = { payloads: 0, refused: 0, namedField: 0, notAnObject: 0, reachedHandler: 0, accepted: 0 }
      const codes = new Map<string, number>()
      try {
        // Round by round over every channel, so drafts created early are named by later payloads.
        for (let round = 0; round < PAYLOADS_PER_CHANNEL; round++) {
          for (const channel of CHANNELS) {
            const fields = fieldsOf(contract[channel].request)
            const generated = generate(fields)
            tally.payloads++
            let result: IpcResult<unknown>
            await seedProfile()
            try {
              const answer = await Promise.race([
                dispatcher.dispatch(channel, sender, generated.payload),
                new Promise<'no answer'>((resolve) =>
                  setTimeout(() => resolve('no answer'), ANSWER_WAIT_MS).unref(),
                ),
              ])
              if (answer === 'no answer') {
                problems.push(
                  `${channel}: no answer within ${ANSWER_WAIT_MS} ms for ${describePayload(generated.payload)}`,
                )
                continue
              }
              result = answer
            } catch (error) {
              problems.push(`${channel} threw ${String(error)} for ${describePayload(generated.payload)}`)
              continue
            }
            if (result.ok) {
              tally.accepted++
              rememberDraft(result.value)
            } else {
              tally.refused++
              codes.set(result.error.code, (codes.get(result.error.code) ?? 0) + 1)
              if (result.error.code === 'invalid_request') {
                if (result.error.field) tally.namedField++
                if (generated.kind === 'not an object') tally.notAnObject++
              } else tally.reachedHandler++
            }
            const problem = problemWith(channel, generated, fields, result)
            if (problem) problems.push(`${channel}: ${problem} for ${describePayload(generated.payload)}`)
          }
        }
        // Work a handler started in the background (autosaves, outbox) settles before counting.
        await services.drafts.flush()
        await new Promise((resolve) => setTimeout(resolve, 50))
      } finally {
        process.off('unhandledRejection', onRejection)
        process.off('uncaughtException', onException)
      }

      console.log(
        `ipc fuzz (seed ${SEED}): ${tally.payloads} payloads over ${CHANNELS.length} channels; ` +
          `${tally.refused} refused (${tally.namedField} naming the field, ${tally.notAnObject} not an object at all, ` +
          `${tally.reachedHandler} refused by a handler), ${tally.accepted} accepted; ` +
          `codes ${[...codes].map(([code, count]) => `${code} ${count}`).join(', ')}; ` +
          `${problems.length} problems, ${rejections.length} unhandled rejections, ${unexpected.length} unexpected errors`,
      )
      expect(tally.payloads).toBeGreaterThanOrEqual(10_000)
      // One example of each kind of problem per channel, so a single gap does not hide the others.
      const examples = [
        ...new Map(problems.map((problem) => [problem.split(' for ')[0]?.slice(0, 60), problem])).values(),
      ]
      expect(examples.slice(0, 30), `${problems.length} problems (seed ${SEED})`).toEqual([])
      expect(rejections.map(String)).toEqual([])
      expect(unexpected).toEqual([])
    },
  )
})
