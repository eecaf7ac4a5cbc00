export { AccountSwitcher } from '../../app/AccountSwitcher'
export {
  useAccountFeatures,
  useAccountFeaturesSync,
  useAccountHasFeature,
} from '../../state/accounts/accountFeatures'
export { useActiveProfile, useConnectedAccount } from '../../state/connection/activeProfile'
export { FailureBanner } from '../../kits/connection/FailureBanner'
export { EXPIRED_MESSAGE, failureOf, type Failure } from '../../lib/failures'
