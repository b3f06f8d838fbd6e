import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_MODULE_ICONS, type AdminModule } from '../modules';

/** The admin modules this identity may open; `current` is highlighted (also on bare /admin). */
export function AdminNav({
  modules,
  current,
  onNavigate,
}: {
  modules: readonly AdminModule[];
  current: AdminModule | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return modules.map((module) => {
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
