import { basename } from 'node:path'
import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import type { ReviewImport, ReviewState } from '../../shared/ipc/contracts/review'
import { BUNDLE_FILE_SUFFIX, REVIEW_LIMITS, versionLabel } from '../../shared/review/format'
import { readReviewFile } from '../../shared/review/readReviewFile'
import { writeFileAtomic } from '../files/atomicFile'
import { readRegularFile, UnsafeFileError } from '../files/regularFile'
import { buildBundle, type ReadLocalMedia } from './bundleExport'
import { accountKey, fingerprintOfReviewContent, reviewFields, reviewFingerprint } from './reviewContent'
import type { StoredVerdict, VerdictStore } from './verdictStore'

/** The save and open dialogs for review files (Electron's in the app, scripted in tests). */
export interface ReviewDialogs {
  chooseBundlePath(defaultFileName: string): Promise<string | null>
  chooseReviewFile(): Promise<string | null>
}

export const NO_REVIEW_DIALOGS: ReviewDialogs = {
  chooseBundlePath: async () => null,
  chooseReviewFile: async () => null,
}

export interface ReviewDeps {
  drafts: { find(id: string): Promise<Draft | undefined>; flush(): Promise<unknown> }
  dialogs: ReviewDialogs
  store: VerdictStore
  /** The ad account the designer works in (the one Publish uses), if any. */
  activeAccountId(): string | undefined
  readLocalMedia: ReadLocalMedia
  now?: () => Date
}

/** What the publish gate learns of a draft's approval. */
export interface ApprovalCheck {
  /** Why the draft may not be published; absent when it may. */
  refusal?: string
  /** The approval that holds for the draft as it is now, for the review sheet. */
  approval?: { reviewer: string; version: string; decidedAt: string }
  required: boolean
}

type ImportReport = Extract<ReviewImport, { chosen: true }>

const refuse = (message: string) => new AppFailure(appError('invalid_input', message))

const MAX_FILE_BYTES = REVIEW_LIMITS.maxFileMegabytes * 1024 * 1024

/** A field key in words, as the bundle labelled it (or "General"). */
function commentLabel(draft: Draft | undefined, field: string): string {
  if (field === 'general') return 'General'
  return (draft && reviewFields(draft).find((candidate) => candidate.key === field)?.label) ?? field
}

export function createReviewService(deps: ReviewDeps) {
  const now = deps.now ?? (() => new Date())

  function activeKey(): string | undefined {
    const accountId = deps.activeAccountId()
    return accountId ? accountKey(accountId) : undefined
  }

  async function readChosen(path: string): Promise<string> {
    const name = basename(path)
    try {
      return (await readRegularFile(path, { maxBytes: MAX_FILE_BYTES, followLinks: true })).toString('utf8')
    } catch (error) {
      if (error instanceof UnsafeFileError && error.reason === 'too_large')
        throw refuse(
          `${name} is larger than ${REVIEW_LIMITS.maxFileMegabytes} MB: it is not a review file Ads Studio wrote.`,
        )
      throw refuse(`Could not read ${name} (${(error as NodeJS.ErrnoException).code ?? 'it is not a file'}).`)
    }
  }

  /** Keeps a verdict file's verdicts; what cannot be kept is reported with why. */
  async function keepVerdicts(
    file: Extract<ReturnType<typeof readReviewFile>, { type: 'verdicts' }>['file'],
  ): Promise<Pick<ImportReport, 'applied' | 'reported'>> {
    const applied: ImportReport['applied'] = []
    const reported: ImportReport['reported'] = []
    const key = activeKey()
    const known = await deps.store.all()
    const kept: StoredVerdict[] = []
    for (const verdict of file.verdicts) {
      const draft = await deps.drafts.find(verdict.draftId)
      const name = draft?.name
      const report = (reason: string) =>
        reported.push({ draftId: verdict.draftId, ...(name ? { name } : {}), reason })
      if (!draft) {
        report(
          'This draft no longer exists here (deleted, or made on another computer): the verdict was not kept.',
        )
        continue
      }
      if (file.account.key !== key) {
        report(
          `The review was for the account “${file.account.name}”, not the one you work in: switch to it on the Connect page and import the file again.`,
        )
        continue
      }
      if (draft.published?.accountId && accountKey(draft.published.accountId) !== key) {
        report('This draft was published on another ad account: the verdict was not kept.')
        continue
      }
      const duplicate = known.some(
        (old) =>
          old.draftId === verdict.draftId &&
          old.bundleId === file.bundleId &&
          old.fingerprint === verdict.fingerprint &&
          old.decidedAt === verdict.decidedAt,
      )
      if (duplicate) {
        report('This verdict was imported before: nothing changed.')
        continue
      }
      kept.push({
        ...verdict,
        reviewer: file.reviewer,
        importedAt: now().toISOString(),
        bundleId: file.bundleId,
        accountKey: file.account.key,
      })
      applied.push({
        draftId: draft.id,
        name: draft.name,
        decision: verdict.decision,
        current: reviewFingerprint(draft) === verdict.fingerprint,
      })
    }
    await deps.store.add(kept)
    return { applied, reported }
  }

  /** The verdict that speaks for a draft as it is now on this account, if any. */
  async function holdingVerdict(draft: Draft, key: string): Promise<StoredVerdict | undefined> {
    const fingerprint = reviewFingerprint(draft)
    return (await deps.store.verdictsOf(draft.id))
      .filter((verdict) => verdict.accountKey === key && verdict.fingerprint === fingerprint)
      .at(-1)
  }

  return {
    async exportBundle(request: {
      ids: readonly string[]
      accountName: string
      advertiser?: string
    }): Promise<{ exported: number; fileName?: string; mediaLeftOut: number }> {
      const accountId = deps.activeAccountId()
      if (!accountId)
        throw refuse(
          'Pick an ad account on the Connect page first: a review bundle names the account its drafts are for.',
        )
      // ".adsreview.html": browsers show a local file as a page only when its name ends in .html.
      const path = await deps.dialogs.chooseBundlePath(
        `review-${now().toISOString().slice(0, 10)}${BUNDLE_FILE_SUFFIX}`,
      )
      if (!path) return { exported: 0, mediaLeftOut: 0 }
      await deps.drafts.flush()
      const drafts: Draft[] = []
      for (const id of new Set(request.ids)) {
        const draft = await deps.drafts.find(id)
        if (draft) drafts.push(draft)
      }
      if (drafts.length === 0) throw refuse('None of these drafts exists any more: nothing to export.')
      const bundle = await buildBundle({
        drafts,
        accountId,
        accountName: request.accountName.trim() || 'Your ad account',
        ...(request.advertiser ? { advertiser: request.advertiser } : {}),
        readLocalMedia: deps.readLocalMedia,
        now: now(),
      })
      try {
        await writeFileAtomic(path, bundle.html)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
        throw refuse(`Could not save ${basename(path)} (${code}). Choose another folder and export again.`)
      }
      return { exported: drafts.length, fileName: basename(path), mediaLeftOut: bundle.mediaLeftOut }
    },

    async importFile(): Promise<ReviewImport> {
      const path = await deps.dialogs.chooseReviewFile()
      if (!path) return { chosen: false }
      const fileName = basename(path)
      const read = readReviewFile(await readChosen(path))
      const empty = { refused: [], applied: [], reported: [], checks: [] }
      if (!read.ok) return { chosen: true, fileName, type: 'refused', ...empty, refused: read.problems }
      await deps.drafts.flush()
      if (read.type === 'verdicts')
        return {
          chosen: true,
          fileName,
          type: 'verdicts',
          reviewer: read.file.reviewer,
          ...empty,
          ...(await keepVerdicts(read.file)),
        }
      const checks: ImportReport['checks'] = []
      for (const shown of read.bundle.drafts) {
        const draft = await deps.drafts.find(shown.id)
        checks.push({
          draftId: shown.id,
          name: shown.name,
          // Content edited inside the file after export no longer hashes to its fingerprint.
          matchesFingerprint: fingerprintOfReviewContent(shown.kind, shown.content) === shown.fingerprint,
          ...(draft ? { sameAsDraft: reviewFingerprint(draft) === shown.fingerprint } : {}),
        })
      }
      return { chosen: true, fileName, type: 'bundle', ...empty, checks }
    },

    async states(ids?: readonly string[]): Promise<{ states: ReviewState[]; approvalRequired: boolean }> {
      const wanted = ids ? new Set(ids) : undefined
      const latest = new Map<string, StoredVerdict>()
      for (const verdict of await deps.store.all())
        if (!wanted || wanted.has(verdict.draftId)) latest.set(verdict.draftId, verdict)
      const states: ReviewState[] = []
      for (const verdict of latest.values()) {
        const draft = await deps.drafts.find(verdict.draftId)
        if (!draft) continue
        states.push({
          draftId: verdict.draftId,
          decision: verdict.decision,
          reviewer: verdict.reviewer,
          decidedAt: verdict.decidedAt,
          version: versionLabel(verdict.fingerprint),
          current: reviewFingerprint(draft) === verdict.fingerprint,
          comments: verdict.comments.map((comment) => ({
            ...comment,
            label: commentLabel(draft, comment.field),
          })),
        })
      }
      const key = activeKey()
      return { states, approvalRequired: key ? await deps.store.approvalRequired(key) : false }
    },

    async setApprovalRequired(required: boolean): Promise<{ approvalRequired: boolean }> {
      const key = activeKey()
      if (!key) throw refuse('Pick an ad account on the Connect page first: the setting is per account.')
      await deps.store.setApprovalRequired(key, required)
      return { approvalRequired: required }
    },

    /**
     * The publish gate's approval check (main's, so a renderer cannot skip it): with the account's
     * "Publishing needs approval" on, the draft's current content must have an approval as its
     * latest verdict on this account.
     */
    async checkApproval(draft: Draft, accountId: string): Promise<ApprovalCheck> {
      const key = accountKey(accountId)
      const required = await deps.store.approvalRequired(key)
      const holding = await holdingVerdict(draft, key)
      const approval =
        holding?.decision === 'approve'
          ? {
              reviewer: holding.reviewer,
              version: versionLabel(holding.fingerprint),
              decidedAt: holding.decidedAt,
            }
          : undefined
      if (!required || approval) return { required, ...(approval ? { approval } : {}) }
      if (holding)
        return {
          required,
          refusal: `${holding.reviewer} requested changes on “${draft.name}”: make them, then send it for review again (Drafts → Review). This account’s publishing needs an approval.`,
        }
      const earlier = (await deps.store.verdictsOf(draft.id))
        .filter((verdict) => verdict.accountKey === key && verdict.decision === 'approve')
        .at(-1)
      return {
        required,
        refusal: earlier
          ? `“${draft.name}” was approved as version ${versionLabel(earlier.fingerprint)} by ${earlier.reviewer} and has changed since: the approval no longer holds. Send it for review again (Drafts → Review).`
          : `“${draft.name}” has no approval, and this account’s publishing needs one. Export it for review (Drafts → Review), then import the reviewer’s verdict.`,
      }
    },
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
