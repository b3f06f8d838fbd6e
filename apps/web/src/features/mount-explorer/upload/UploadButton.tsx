import { Button, Menu } from '@mantine/core';
import { IconFile, IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pickedFromInput, type PickedFile } from './picked-files';

/**
 * "Upload" in the toolbar: files or a whole folder (the browser's folder picker keeps the
 * tree in `webkitRelativePath`). Each input is emptied after a pick, so the same files can be
 * picked again (e.g. to resume after a reload).
 */
export function UploadButton({ onPick }: { onPick: (files: PickedFile[]) => void }) {
  const { t } = useTranslation();
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.currentTarget.files;
    if (files && files.length > 0) onPick(pickedFromInput(files));
    event.currentTarget.value = '';
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="sm" leftSection={<IconUpload size={16} />}>
            {t('explorerUpload.upload')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFile size={16} />} onClick={() => filesRef.current?.click()}>
            {t('explorerUpload.files')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFolderUp size={16} />}
            onClick={() => folderRef.current?.click()}
          >
            {t('explorerUpload.folder')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={filesRef}
        type="file"
        multiple
        hidden
        data-testid="explorer-upload-files"
        onChange={onChange}
      />
      <input
        ref={folderRef}
        type="file"
        hidden
        data-testid="explorer-upload-folder"
        // Not in React's typings: the standard attribute every engine supports for folders.
        {...{ webkitdirectory: '' }}
        onChange={onChange}
      />
    </>
  );
}
