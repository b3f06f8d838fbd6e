import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a drag carries files (not text or a link being dragged around the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The large drop target of the Upload page: drop files, or activate it (click, Enter,
 * Space) to choose several files; "Choose files" does the same for those who look for a
 * button. `describedBy` names the max-size line.
 */
export function DropZone({
  onFiles,
  disabled,
  describedBy,
  beside,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  describedBy?: string;
  /** Shown next to "Choose files" (the size limit). */
  beside?: ReactNode;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDragOver = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'lg', sm: 'xl' }}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        // Named by the text it shows, as buttons are (an aria-label differing from it fails
        // WCAG 2.5.3, label in name).
        aria-describedby={describedBy}
        data-testid="drop-zone"
        data-dragging={dragging || undefined}
        onClick={choose}
        onKeyDown={onKeyDown}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          cursor: disabled ? 'not-allowed' : 'pointer',
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          textAlign: 'center',
        }}
      >
        <Stack align="center" gap={6}>
          <IconUpload size={40} stroke={1.5} aria-hidden />
          <Text fw={600} size="lg">
            {dragging ? t('upload.drop.release') : t('upload.drop.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('upload.drop.hint')}
          </Text>
        </Stack>
      </Paper>
      <Group gap="sm" justify="space-between">
        <Button
          variant="default"
          size="md"
          onClick={choose}
          disabled={disabled}
          leftSection={<IconFolderOpen size={18} aria-hidden />}
        >
          {t('upload.drop.choose')}
        </Button>
        {beside}
      </Group>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        aria-label={t('upload.drop.input')}
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so choosing the same file again (to resume it) fires change again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Stack>
  );
}
