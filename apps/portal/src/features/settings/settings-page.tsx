// /settings: the signed-in user's username, password, two-factor authentication, profile and notices.
// The page's title is drawn at once; its cards are their own chunk (forms and their validation are
// most of the route's download), asked for as soon as this module runs, so they arrive as they did
// (issue 7: on a phone the title waited for every form's code before anything of the page showed).
import { Suspense } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';

const sections = import('./settings-sections.tsx');
// Five forms: hydrated a card a task (settings-sections.tsx), not all in the task their code comes in.
const SettingsSections = lazyPart(() => sections.then((module) => ({ default: module.SettingsSections })), {
  partsInside: true,
});

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pageNames.settings')} intro={t('frames.settings')}>
      <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
        <SettingsSections />
      </Suspense>
    </PageFrame>
  );
}

export default SettingsPage;
