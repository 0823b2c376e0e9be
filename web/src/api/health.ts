import type { Health } from '@hub/proto';
import type { TFunction } from 'i18next';
import { i18n } from '../i18n/i18n';

/** 'Healthy' when everything is up, else 'Degraded' naming what is down or failing. */
export function systemStatus(
  health: Health,
  t: TFunction = i18n.getFixedT('en'),
): { healthy: boolean; text: string } {
  if (health.status === 'ok') return { healthy: true, text: t('admin.stats.healthy') };
  const failing = Object.entries(health.processes ?? {})
    .filter(([, part]) => part.failing || part.state !== 'running')
    .map(([name]) => name);
  const down = [
    ...Object.entries(health.components).filter(([, component]) => component.status === 'down'),
    ...Object.entries(health.workers).filter(
      ([, worker]) => worker.required && worker.status === 'down',
    ),
  ].map(([name]) => name);
  const parts = [
    ...(down.length ? [t('admin.stats.down', { names: down.join(', ') })] : []),
    ...(failing.length ? [t('admin.stats.restarting', { names: failing.join(', ') })] : []),
  ];
  return {
    healthy: false,
    text: parts.length
      ? t('admin.stats.degradedBecause', { parts: parts.join(', ') })
      : t('admin.stats.degraded'),
  };
}
