import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareProblemView } from '../../../components/share-access/ShareProblemView';
import { fileProblemOf } from '../view/file-problem';

/**
 * Why the file cannot be shown, with the ways out: sharing a file of one's own, and — when
 * asking again may help — a retry. `compact` fits it in a dialog (no h1).
 */
export function FileProblemView(props: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const upload = { to: '/upload', label: t('file.problem.upload'), Icon: IconUpload };
  return (
    <ShareProblemView
      keyPrefix="file.problem"
      problem={fileProblemOf(props.error)}
      newShare={upload}
      {...props}
    />
  );
}
