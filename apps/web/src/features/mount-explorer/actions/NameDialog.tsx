import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { nameProblem } from './name-rule';

export interface NameDialogProps {
  title: string;
  submitLabel: string;
  /** The name being replaced (rename); absent for a new folder. */
  current?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a folder or file name, checking the server's name rule as the user types. */
export function NameDialog(props: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.current ?? '');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name, props.current);
  const shown = touched && problem ? t(`mountExplorer.name.${problem}`) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!problem) props.onSubmit(name.trim());
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('mountExplorer.name.label')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setTouched(true);
            }}
            error={shown}
            data-autofocus
            onFocus={(event) => {
              // Select the name without its extension, as file managers do on rename.
              const dot = event.currentTarget.value.lastIndexOf('.');
              event.currentTarget.setSelectionRange(
                0,
                dot > 0 ? dot : event.currentTarget.value.length,
              );
            }}
          />
          {props.error ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(props.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
