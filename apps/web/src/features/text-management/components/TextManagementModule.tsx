import { useAuth } from '../../../lib/auth';
import { pasteScopeOf } from '../../paste/api';
import { PasteManager } from './PasteManager';

/**
 * The text-management module: the admin manages every paste (/admin/pastes), an API key with
 * the text permission only its own (/user/pastes). Other identities never reach it.
 */
export function TextManagementModule() {
  const { session } = useAuth();
  const scope = pasteScopeOf(session);
  return scope ? <PasteManager key={scope} scope={scope} /> : null;
}
