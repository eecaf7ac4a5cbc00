import type { audiencesContract } from '../../shared/ipc/contracts/audiences'
import type { HandlersOf } from '../ipc/dispatcher'
import { createAudiencesService, type AudiencesServiceDeps } from './audiencesService'

/** Custom audiences and do-not-reach lists: customer-list uploads, sharing (spec part A). */
export function createAudiencesHandlers(deps: AudiencesServiceDeps): HandlersOf<typeof audiencesContract> {
  const audiences = createAudiencesService(deps)
  return {
    'audiences.list': ({ profileId }) => audiences.list(profileId),
    'audiences.details': ({ profileId, audienceId }) => audiences.details(profileId, audienceId),
    'audiences.openList': ({ profileId, target }) => audiences.openList(profileId, target),
    'audiences.checkList': ({ listId, mapping, defaultCountryCode }) =>
      audiences.checkList(listId, mapping, defaultCountryCode),
    'audiences.sendList': (request) => audiences.sendList(request),
    'audiences.uploadProgress': ({ uploadId }) => audiences.uploadProgress(uploadId),
    'audiences.cancelUpload': ({ uploadId }) => audiences.cancelUpload(uploadId),
    'audiences.resumeUpload': ({ uploadId }) => audiences.resumeUpload(uploadId),
    'audiences.grant': ({ profileId, audienceId, grantedAccountId, permissionLevel }) =>
      audiences.grant(profileId, audienceId, grantedAccountId, permissionLevel),
    'audiences.revoke': ({ profileId, audienceId, permissionId }) =>
      audiences.revoke(profileId, audienceId, permissionId),
    'audiences.deleteDoNotReachList': ({ profileId, listId, confirmName }) =>
      audiences.deleteDoNotReachList(profileId, listId, confirmName),
  }
}
