import { ShareQrDialog } from '../../../components/managed-list/ShareQrDialog';
import { fileShareUrl } from '../api';

/** A file's share link as a QR code, with the link written out and a copy button. */
export function FileQrDialog({
  slug,
  name,
  onClose,
}: {
  slug: string;
  /** What the dialog names: the file name. */
  name: string;
  onClose: () => void;
}) {
  return (
    <ShareQrDialog url={fileShareUrl(slug)} keys="file" naming={{ name, slug }} onClose={onClose} />
  );
}
