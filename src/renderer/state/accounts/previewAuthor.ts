import { useAccountsStore } from './accountsStore'
import { useActiveProfile } from '../connection/activeProfile'

export interface PreviewAuthor {
  name: string
  handle: string
}

/**
 * Who the previews show as the author: the connected ad account's name and the user's @handle,
 * not a placeholder brand. The spec has no call that returns the user's display name or
 * profile picture (the access token carries only screen_name and user_id), so the account's
 * name stands in for the display name and the avatar is its initial.
 */
export function usePreviewAuthor(): PreviewAuthor {
  const profile = useActiveProfile()
  const accountName = useAccountsStore((state) =>
    profile && state.profileId === profile.id
      ? state.accounts.find((account) => account.id === profile.activeAccountId)?.name
      : undefined,
  )
  if (!profile || profile.status !== 'connected') return { name: 'Your account', handle: '' }
  return {
    name: accountName ?? profile.label,
    handle: profile.screenName ? `@${profile.screenName}` : '',
  }
}
