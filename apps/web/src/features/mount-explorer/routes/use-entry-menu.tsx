import type { FsItem } from '@pasteport/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeApiError } from '../../../lib/api';
import type { useExplorerActions } from '../actions/use-explorer-actions';
import { ContextMenu, type ContextMenuTarget } from '../actions/ContextMenu';
import type { PressPoint } from '../actions/long-press';
import { fetchFileLink } from '../api';
import { useAddToBasket } from '../basket';

interface EntryMenuOptions {
  /** The selected entries: a menu on one of them acts on them all. */
  selected: readonly FsItem[];
  /** Makes one entry the whole selection (a menu on an unselected entry). */
  selectOnly: (item: FsItem) => void;
  writable: boolean;
  /** Sharing needs the file permission (the admin, or a key with it). */
  canShare: boolean;
  actions: ReturnType<typeof useExplorerActions>;
  hrefOf: (item: FsItem) => string;
  previewHrefOf: (item: FsItem) => string;
}

/**
 * The explorer's context menu: opened on an entry (right-click, long press, Menu key), it acts
 * on the selection when the entry is part of it, else on that entry alone, which becomes the
 * selection — as file managers do.
 */
export function useEntryMenu(options: EntryMenuOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addToBasket = useAddToBasket();
  const [target, setTarget] = useState<ContextMenuTarget | null>(null);
  const { actions } = options;

  const open = (item: FsItem, at: PressPoint) => {
    const inSelection = options.selected.some((entry) => entry.path === item.path);
    if (!inSelection) options.selectOnly(item);
    setTarget({ entries: inSelection ? options.selected : [item], at });
  };

  const download = async (item: FsItem) => {
    try {
      const link = await fetchFileLink(item.path, { forceDownload: true });
      window.location.assign(link.presignedUrl);
    } catch (error) {
      notifications.show({ color: 'red', message: describeApiError(error, t) });
    }
  };

  const element = (
    <ContextMenu
      target={target}
      writable={options.writable}
      onClose={() => setTarget(null)}
      onOpen={(item) => void navigate(options.hrefOf(item))}
      onPreview={(item) => void navigate(options.previewHrefOf(item))}
      onDownload={(item) => void download(item)}
      onCopyLink={actions.copyLink}
      onShare={options.canShare ? actions.share : undefined}
      onRename={actions.rename}
      onCopyTo={actions.copyTo}
      onMoveTo={actions.moveTo}
      onDelete={actions.remove}
      onAddToBasket={addToBasket}
      onProperties={actions.properties}
    />
  );
  return { open, element, addToBasket };
}
