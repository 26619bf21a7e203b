/** Writes on the admin screens are ops-only: pages hide edit controls from everyone else. */

import { useSession } from '../use-auth.ts';

/** True when the signed-in user is ops staff. */
export function useIsOps(): boolean {
  return useSession()?.user.role === 'ops';
}
