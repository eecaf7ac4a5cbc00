import { z } from 'zod'
import { profileIdSchema } from '../../profiles'

/**
 * Practice mode: the sandbox that ships inside Ads Studio, which main starts on this computer
 * and connects the practice profile to. No address and no app key cross IPC: main knows both.
 */
export const practiceContract = {
  /**
   * Starts the practice platform if it is not running and authorizes the practice profile (made
   * on first use): the authorization page opens in the system browser, as connect.begin's does.
   */
  'practice.begin': {
    request: z.object({}).strict(),
    response: z.object({ profileId: z.string(), authorizeUrl: z.string().url() }),
  },
  /**
   * The PIN of the practice authorization once the designer approved it in the browser, so the
   * stepper can fill it in. Waits a while for the approval, then answers "waiting" (ask again);
   * "none" when no practice authorization of this profile is under way.
   */
  'practice.awaitPin': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: z.discriminatedUnion('status', [
      z.object({ status: z.literal('approved'), pin: z.string().regex(/^[0-9]+$/) }),
      z.object({ status: z.literal('waiting') }),
      z.object({ status: z.literal('none') }),
    ]),
  },
} as const
