import { useAuth } from '../../../lib/auth';
import { fileScopeOf } from '../../file/api';
import { FileManager } from './FileManager';

/**
 * The file-management module: the admin manages every file (/admin/files), an API key with
 * the file permission only its own (/user/files). Other identities never reach it.
 */
export function FileManagementModule() {
  const { session } = useAuth();
  const scope = fileScopeOf(session);
  return scope ? <FileManager key={scope} scope={scope} /> : null;
}
