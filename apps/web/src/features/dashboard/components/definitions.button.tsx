import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (antd's Drawer, Descriptions, Badge and Typography) loads on the first click: the dashboard is the
// console's first screen (issue 27).
const DefinitionsDrawer = lazy(() => import('./definitions.drawer.tsx'));

/** "Definitions": what each display status, alarm code, error code and period means. */
export function DefinitionsButton() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        icon={<QuestionCircleOutlined />}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('action.definitions')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <DefinitionsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
