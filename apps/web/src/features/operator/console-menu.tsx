import './strings';
import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { areasOf } from './menu';
import type { OperatorRole } from './types';

/** The console's menu: the areas the role reaches (menu.ts), the current one marked. */
export function ConsoleMenu({ operatorRole, onNavigate }: { operatorRole: OperatorRole; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('operator.menuLabel')} data-testid="operator-menu">
      <Stack gap={2}>
        {areasOf(operatorRole).map(({ area, path, icon: Icon }) => {
          const to = path ? `/operator/${path}` : '/operator';
          const active = path ? pathname === to || pathname.startsWith(`${to}/`) : pathname === '/operator';
          return (
            <NavLink
              key={area}
              component={RouterLink}
              to={to}
              end={!path}
              label={<Text size="sm">{t(`operator.areas.${area}`)}</Text>}
              leftSection={<Icon size={18} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              data-area={area}
            />
          );
        })}
      </Stack>
    </nav>
  );
}
