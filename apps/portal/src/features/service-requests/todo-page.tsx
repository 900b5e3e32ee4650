import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the todo page; its content arrives with a later issue. */
export function TodoPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.todo')} intro={t('frames.todo')} />;
}

export default TodoPage;
