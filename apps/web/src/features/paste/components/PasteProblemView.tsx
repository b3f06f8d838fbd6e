import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareProblemView } from '../../../components/share-access/ShareProblemView';
import { pasteProblemOf } from '../view/paste-problem';

/**
 * Why the paste cannot be shown, with the ways out: a fresh paste of one's own, and — when
 * asking again may help — a retry.
 */
export function PasteProblemView(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const newPaste = { to: '/', label: t('pasteView.problem.newPaste'), Icon: IconPlus };
  return (
    <ShareProblemView
      keyPrefix="pasteView.problem"
      problem={pasteProblemOf(props.error)}
      newShare={newPaste}
      {...props}
    />
  );
}
