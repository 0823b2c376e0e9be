import type { TeamStats } from '@hub/proto';
import { Award, UserCheck, Users, UserX } from 'lucide-react';
import { StatCard } from '../ui/StatCard';
import { formatPercent } from '../dashboard/format';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

/** The spec's four cards: Total Members, Present Today, Absent, Top Performers. */
export function TeamCards({ stats }: { stats: TeamStats | undefined }) {
  const { t } = useTranslation();
  const icon = 'size-5 text-slate-400';
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title={t('team.cards.total')}
        testId="team-total"
        captionTestId="team-total-caption"
        icon={<Users className={icon} />}
        value={formatNumber(stats?.totalMembers)}
        caption={t('team.cards.totalCaption')}
      />
      <StatCard
        title={t('team.cards.present')}
        testId="team-present"
        captionTestId="team-present-caption"
        icon={<UserCheck className={icon} />}
        value={formatNumber(stats?.presentToday)}
        caption={
          stats
            ? t('team.cards.attendance', { rate: formatPercent(stats.attendanceRate) })
            : t('team.cards.attendanceCaption')
        }
      />
      <StatCard
        title={t('team.cards.absent')}
        testId="team-absent"
        captionTestId="team-absent-caption"
        icon={<UserX className={icon} />}
        value={formatNumber(stats?.absentCount)}
        caption={t('team.cards.absentCaption')}
      />
      <StatCard
        title={t('team.cards.top')}
        testId="team-top"
        captionTestId="team-top-caption"
        icon={<Award className={icon} />}
        value={formatNumber(stats?.topPerformers)}
        caption={t('team.cards.topCaption')}
      />
    </div>
  );
}
