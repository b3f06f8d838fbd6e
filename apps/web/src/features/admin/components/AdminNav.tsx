import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_MODULE_ICONS, ADMIN_MODULES, type AdminModule } from '../modules';

/** The list of admin modules; `current` is highlighted (also when reached as bare /admin). */
export function AdminNav({
  current,
  onNavigate,
}: {
  current: AdminModule;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return ADMIN_MODULES.map((module) => {
    const Icon = ADMIN_MODULE_ICONS[module];
    const active = module === current;
    return (
      <NavLink
        key={module}
        component={Link}
        to={`/admin/${module}`}
        active={active}
        aria-current={active ? 'page' : undefined}
        label={t(`admin.modules.${module}`)}
        leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
        onClick={onNavigate}
      />
    );
  });
}
