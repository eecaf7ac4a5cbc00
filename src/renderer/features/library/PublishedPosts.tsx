import { MessageSquareText } from 'lucide-react'
import type { MediaRef } from '../../../shared/creatives/media'
import { useEffect, useState, type FormEvent } from 'react'
import { DRAFTS_PAGE_MAX, type DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { CopyId } from '../../components/CopyId'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { useJob } from '../../kits/jobs/useJob'
import { ListThumb } from '../../kits/media/ListThumb'
import type { AccountScope } from '../../state/connection/activeProfile'

const NAME_MAX = LIMITS.post.name.max
const POST_ID = LIMITS.post.asUserId.pattern

interface PublishedPost {
  postId: string
  accountId: string
  draftName: string
  publishedAt?: string | undefined
  cover?: MediaRef | undefined
}

function nameProblem(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Enter a name'
  if (trimmed.length > NAME_MAX)
    return `A post name has at most ${NAME_MAX} characters (this is ${trimmed.length})`
  return undefined
}

/** Renames one post (PUT accounts/:id/posts/:post_id/name); server errors go on the field they name. */
function RenameForm({
  scope,
  post,
  askForId,
}: {
  scope: AccountScope
  post?: PublishedPost
  askForId?: boolean
}) {
  const [postId, setPostId] = useState(post?.postId ?? '')
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<{ postId?: string | undefined; name?: string | undefined }>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // The rename is a write like any other: main queues it in the outbox and this form follows it.
  const rename = useJob((job) => {
    const step = job.steps[0]
    if (job.state === 'done') {
      const renamed = step?.result as { name?: string | null } | undefined
      const newName = renamed?.name ?? ''
      setDone(
        post ? `The post is now named “${newName}”.` : `Post ${postId.trim()} is now named “${newName}”.`,
      )
      setName('')
    } else if (step?.error) {
      setFailure({ message: step.error.message, expired: false })
    }
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = postId.trim()
    const problems = {
      postId: POST_ID.test(id) ? undefined : 'A post id is the number in the post’s address',
      name: nameProblem(name),
    }
    setErrors(problems)
    setDone(null)
    setFailure(null)
    if (problems.postId || problems.name) return
    void rename.start(async () => {
      try {
        return await unwrap(
          studio().posts.rename({
            profileId: scope.profileId,
            accountId: post?.accountId ?? scope.accountId,
            postId: id,
            name: name.trim(),
          }),
        )
      } catch (error) {
        // Refused before it was queued: the problem goes on the field main named.
        const failed = failureOf(error)
        if (failed.field === 'name') setErrors({ name: failed.message })
        else if (failed.field === 'postId' || failed.field === 'post_id')
          setErrors({ postId: failed.message })
        else setFailure(failed)
        throw error
      }
    })
  }

  const length = name.trim().length
  return (
    <form className="rename-form" onSubmit={submit} noValidate>
      {askForId ? (
        <Field
          label="Post id"
          inputMode="numeric"
          value={postId}
          onChange={(event) => setPostId(event.target.value)}
          error={errors.postId}
          data-testid="rename-post-id"
        />
      ) : null}
      <Field
        label={post ? `New name for “${post.draftName}”` : 'New name'}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        aside={
          <span
            className={`field__count${length > NAME_MAX ? ' field__count--over' : ''}`}
            aria-live="polite"
          >
            {length}/{NAME_MAX}
          </span>
        }
        data-testid="rename-post-name"
      />
      <Button type="submit" busy={rename.busy} className="rename-form__submit">
        Rename
      </Button>
      {failure ? <FailureBanner failure={failure} /> : null}
      {done ? (
        <p className="library-notice" role="status">
          {done}
        </p>
      ) : null}
    </form>
  )
}

/** Every published post draft, a page of main's summary index at a time. */
async function publishedPostDrafts(): Promise<DraftSummaryWithIssues[]> {
  const drafts: DraftSummaryWithIssues[] = []
  for (;;) {
    const page = await unwrap(
      studio().drafts.list({
        kinds: ['post'],
        status: 'published',
        offset: drafts.length,
        limit: DRAFTS_PAGE_MAX,
      }),
    )
    drafts.push(...page.drafts)
    if (page.drafts.length === 0 || drafts.length >= page.total) return drafts
  }
}

/** Posts Ads Studio published (drafts with a post id), each renamable, and renaming any post by id. */
export function PublishedPosts({ scope }: { scope: AccountScope }) {
  const [posts, setPosts] = useState<PublishedPost[] | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)

  useEffect(() => {
    let current = true
    publishedPostDrafts().then(
      (drafts) => {
        if (!current) return
        setPosts(
          drafts.flatMap((draft) =>
            draft.status === 'published' && draft.published?.postId
              ? [
                  {
                    postId: draft.published.postId,
                    accountId: draft.published.accountId ?? scope.accountId,
                    draftName: draft.name,
                    publishedAt: draft.published.publishedAt,
                    cover: draft.cover,
                  },
                ]
              : [],
          ),
        )
      },
      (error: unknown) => current && setFailure(failureOf(error)),
    )
    return () => {
      current = false
    }
  }, [scope.accountId])

  return (
    <div className="published-posts">
      <FailureBanner failure={failure} />
      {posts && posts.length === 0 ? (
        <div className="empty-state media-browser__empty" data-testid="posts-empty">
          <MessageSquareText size={24} aria-hidden="true" />
          <p>No post has been published from Ads Studio yet. Published posts appear here to be renamed.</p>
        </div>
      ) : (
        <ul className="card-list surface" aria-label="Published posts">
          {(posts ?? []).map((post) => (
            <li key={post.postId} className="card-row card-row--stacked" data-testid="published-post">
              <div className="card-row__head">
                <ListThumb media={post.cover} kind="post" />
                <div className="card-row__main">
                  <p className="card-row__name">{post.draftName}</p>
                  <p className="cluster card-row__ids">
                    {post.publishedAt ? (
                      <span>Published {new Date(post.publishedAt).toLocaleString()}</span>
                    ) : null}
                    {/* The post id is for other tools: copied on request, not shown. */}
                    <CopyId value={post.postId} what={post.draftName} label="Copy post id" />
                  </p>
                </div>
              </div>
              <RenameForm scope={scope} post={post} />
            </li>
          ))}
        </ul>
      )}
      <section className="panel library-rename-by-id" aria-labelledby="rename-by-id-title">
        <h2 className="panel__title" id="rename-by-id-title">
          Rename a post by id
        </h2>
        <p className="panel__hint">For a post published elsewhere in this ad account.</p>
        <RenameForm scope={scope} askForId />
      </section>
    </div>
  )
}
