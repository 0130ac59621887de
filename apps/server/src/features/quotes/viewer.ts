import { visibilityScopeOf } from '@bastion/domain/permissions/visibility';
import type { AuthContext } from '../../lib/access.ts';
import type { Viewer } from './quotes.repository.ts';

export function viewerOf(auth: AuthContext): Viewer {
  return {
    userId: auth.userId,
    email: auth.email,
    scope: visibilityScopeOf(auth.roles, auth.permissions),
  };
}
