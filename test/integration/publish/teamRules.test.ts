import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { StoredTeamPack } from '../../../src/shared/ipc/contracts/teamRules'
import type { OutboxReview } from '../../../src/shared/ipc/contracts/outbox'
import type { IpcError } from '../../../src/shared/ipc/result'
import { useSandboxApps } from '../../support/sandboxApps'
import { post } from './fixtures'
import { createDraft, type App } from './harness'

// Team rule packs at publish (issue 44): main reads the account's packs itself, so
// outbox.enqueue called straight through the dispatcher, as a forged renderer could, is refused
// on a pack's error rule, and a warning rule never blocks.

const apps = useSandboxApps('team rules at publish', { port: 0 })
/** The files the "choose a rule pack" dialog answers, in order. */
const chosen: string[] = []
const teamRuleDialogs = { choosePackFile: async () => chosen.shift() ?? null }

const PACK = {
  format: 'ads-studio-rule-pack',
  version: 1,
  name: 'Disclosure',
  rules: [
    { type: 'required_text', text: '#ad', kinds: ['post'] },
    { type: 'banned_words', words: ['cheap'], severity: 'warning' },
  ],
}

async function importPack(app: App, scope: object, file: string, text: string) {
  const path = join(apps.workDir, file)
  await writeFile(path, text)
  chosen.push(path)
  return app.call<{ chosen: true; imported: StoredTeamPack; packs: StoredTeamPack[] }>(
    'teamRules.import',
    scope,
  )
}

async function refusal(app: App, channel: string, request: object): Promise<IpcError> {
  try {
    await app.call(channel, request)
  } catch (error) {
    return error as IpcError
  }
  throw new Error(`${channel} was accepted`)
}

describe('team rule packs at publish', () => {
  it('refuses a malformed pack with its line, and a forged publish breaking an imported pack', async () => {
    const { app, profile } = await apps.connected('team-rules', { teamRuleDialogs })
    const scope = { profileId: profile.id, accountId: profile.activeAccountId }
    expect(await app.call('teamRules.import', scope)).toEqual({ chosen: false })

    const malformed = JSON.stringify(PACK, null, 2).replace('"#ad"', '"#ad",')
    chosen.push(join(apps.workDir, 'broken.json'))
    await writeFile(chosen[0]!, malformed)
    const broken = await refusal(app, 'teamRules.import', scope)
    expect(broken.code).toBe('invalid_input')
    expect(broken.message).toMatch(
      /^broken\.json is not a rule pack Ads Studio can use\. Line 8, column \d+: /,
    )
    expect(await app.call('teamRules.list', scope)).toEqual({ packs: [] })

    const imported = await importPack(app, scope, 'disclosure.json', JSON.stringify(PACK, null, 2))
    expect(imported.packs.map((stored) => stored.pack.name)).toEqual(['Disclosure'])

    const before = apps.sandbox.created()
    const undisclosed = await createDraft(
      app,
      'post',
      'Spring',
      post(profile.userId, 'Spring', 'Spring is here'),
    )
    const error = await refusal(app, 'outbox.enqueue', { draftId: undisclosed })
    expect(error.code).toBe('invalid_input')
    expect(error.message).toBe('Team rule · Disclosure: Post text must include “#ad”')
    expect(error.issues).toEqual([
      {
        field: 'text',
        draftId: undisclosed,
        message: 'Team rule · Disclosure: Post text must include “#ad”',
      },
    ])
    expect(apps.sandbox.created()).toEqual(before)
    expect(await app.jobs()).toEqual([])

    // A warning rule is shown by the review sheet and never blocks.
    const warned = await createDraft(app, 'post', 'Cheap', post(profile.userId, 'Cheap', 'Cheap spring #ad'))
    const { review } = await app.call<{ review: OutboxReview }>('outbox.review', { draftId: warned })
    expect(review.warnings).toContainEqual({
      message: 'Team rule · Disclosure: Post text uses “cheap”, which the team does not use',
      draftId: warned,
    })
    await app.call('outbox.enqueue', { draftId: warned })
    expect((await app.jobs()).map((job) => job.draftId)).toEqual([warned])

    // Removed, the pack no longer refuses anything.
    const removed = await app.call<{ packs: StoredTeamPack[] }>('teamRules.remove', {
      ...scope,
      id: imported.imported.id,
    })
    expect(removed.packs).toEqual([])
    await app.call('outbox.enqueue', { draftId: undisclosed })
  })
})
