import { Overlay, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dragHasFiles, pickedFromDrop, type PickedFile } from './picked-files';

/** The folder a drop lands in: the one under the pointer (a folder row or tile), else `folder`. */
function dropFolder(event: DragEvent, folder: string): string {
  const target = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-drop-folder]');
  return target?.dataset.dropFolder ?? folder;
}

/**
 * Files and folders dropped onto the listing go into the current folder, or into the folder
 * row or tile they are dropped on (`data-drop-folder`, highlighted while hovered). Disabled
 * where the caller may not write.
 */
export function DropTarget({
  folder,
  enabled,
  onDrop,
  children,
}: {
  folder: string;
  enabled: boolean;
  onDrop: (folder: string, files: PickedFile[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const depth = useRef(0);

  const highlight = (path: string | null) => {
    document
      .querySelectorAll('[data-drop-active]')
      .forEach((element) => element.removeAttribute('data-drop-active'));
    if (path === null) return;
    const row = document.querySelector(`[data-drop-folder="${CSS.escape(path)}"]`);
    row?.setAttribute('data-drop-active', '');
  };

  if (!enabled) return <>{children}</>;
  return (
    <div
      data-testid="explorer-drop-target"
      style={{ position: 'relative' }}
      onDragEnter={(event) => {
        if (!dragHasFiles(event.dataTransfer)) return;
        depth.current += 1;
        // Highlighted here too: once the render of this `over` lands, dragover sees no change.
        const target = dropFolder(event, folder);
        setOver(target);
        highlight(target === folder ? null : target);
      }}
      onDragOver={(event) => {
        if (!dragHasFiles(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        const target = dropFolder(event, folder);
        if (target !== over) {
          setOver(target);
          highlight(target === folder ? null : target);
        }
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) {
          setOver(null);
          highlight(null);
        }
      }}
      onDrop={(event) => {
        if (!dragHasFiles(event.dataTransfer)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(null);
        highlight(null);
        const target = dropFolder(event, folder);
        void pickedFromDrop(event.dataTransfer).then((files) => {
          if (files.length > 0) onDrop(target, files);
        });
      }}
    >
      {children}
      {over === folder ? (
        <Overlay
          color="var(--mantine-color-body)"
          backgroundOpacity={0.75}
          radius="md"
          zIndex={5}
          // Drag events pass through to the rows beneath, so a folder row can still be aimed at.
          style={{
            pointerEvents: 'none',
            border: '2px dashed var(--mantine-primary-color-filled)',
          }}
        >
          <Stack align="center" justify="center" h="100%" gap={4}>
            <IconUpload size={32} />
            <Text fw={600}>{t('explorerUpload.dropHere')}</Text>
          </Stack>
        </Overlay>
      ) : null}
    </div>
  );
}
