import { DEMO } from '../seed'

/**
 * Communities a post can be made in (`community_id` of POST /2/posts). The spec names the field
 * only; how communities are made and joined is not shown, so the sandbox has two fixed ones: the
 * demo user belongs to the first, the other user to the second.
 */
export interface Community {
  id: string
  name: string
  memberIds: readonly string[]
}

export const COMMUNITIES: readonly Community[] = [
  { id: '1790000000000000001', name: 'Sandbox Designers', memberIds: [DEMO.userId] },
  { id: '1790000000000000002', name: 'Other Advertisers', memberIds: [DEMO.otherUserId] },
]

export function communityById(id: string): Community | undefined {
  return COMMUNITIES.find((c) => c.id === id)
}
