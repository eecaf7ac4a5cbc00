import { memo } from 'react'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'
import type { IssuePath } from '../../../shared/rules/issues'
import { Avatar } from '../../components/Avatar'
import { Field, type FieldMessage } from '../../components/Field'
import { navigate } from '../../nav/routes'
import type { DraftEditorState } from '../../state/drafts/draftEditor'

type State = DraftEditorState<'post'>
type Change = State['change']
type Touch = (path: IssuePath) => void

/**
 * "Post as": the connected account by name and handle; a raw user id only under Advanced.
 * Memoised, as are the form's other sections: the form renders after every key's frame, a
 * section only when what it shows changes.
 */
export const PostAsField = memo(function PostAsField({
  accessRevoked,
  isSelf,
  authorName,
  authorHandle,
  asUserId,
  message,
  hasConnectedUser,
  change,
  touch,
}: {
  accessRevoked: boolean
  isSelf: boolean
  authorName: string
  authorHandle: string
  asUserId: string
  message: FieldMessage | undefined
  hasConnectedUser: boolean
  change: Change
  touch: Touch
}) {
  return (
    <div className="post-as stack stack--snug">
      <span className="field__label">Post as</span>
      {accessRevoked ? (
        <p className="field__error" role="alert" data-testid="post-as-revoked">
          {ACCESS_REVOKED_MESSAGE}.{' '}
          <button type="button" className="link-button" onClick={() => navigate('connect')}>
            Go to Connect
          </button>
        </p>
      ) : null}
      {isSelf ? (
        <p className="post-as__who row" data-testid="post-as">
          <Avatar name={authorName} size="sm" />
          <span className="post-as__name">{authorName}</span>
          <span className="muted">{authorHandle}</span>
        </p>
      ) : null}
      <details className="post-as__advanced" open={!isSelf}>
        <summary className="post-as__summary">
          {isSelf ? 'Advanced: post for another advertiser' : 'Advertiser'}
        </summary>
        <Field
          label="Advertiser's user id"
          value={asUserId}
          inputMode="numeric"
          placeholder="The user the post is made for"
          message={message}
          hint={
            hasConnectedUser
              ? 'Only for posts made on behalf of another advertiser; yours is filled in.'
              : 'Connect a profile to post as yourself.'
          }
          onChange={(event) => change((c) => ({ ...c, asUserId: event.target.value }), 'asUserId')}
          onBlur={() => touch(['asUserId'])}
          data-testid="post-advertiser"
        />
      </details>
    </div>
  )
})
