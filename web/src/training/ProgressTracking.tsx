import type { Course } from '@hub/proto';
import { Award, GraduationCap, TrendingUp } from 'lucide-react';
import { Card } from '../ui/Card';
import { StatCard } from '../ui/StatCard';
import { useFormat } from '../i18n/format';
import { CourseProgress, ProgressBar } from './CourseCard';
import { trainingStats } from './training';
import { useTranslation } from 'react-i18next';

export function ProgressTracking({ courses }: { courses: Course[] }) {
  const { t } = useTranslation();
  const { formatPercent } = useFormat();
  const stats = trainingStats(courses);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          size="md"
          testId="overall-progress"
          icon={<TrendingUp className="size-5 text-blue-600" />}
          title={t('training.progress.overall')}
          value={formatPercent(stats.overallPercent)}
        >
          <ProgressBar percent={stats.overallPercent} label={t('training.progress.overallLabel')} />
        </StatCard>
        <StatCard
          size="md"
          testId="courses-completed"
          icon={<GraduationCap className="size-5 text-green-600" />}
          title={t('training.progress.completed')}
          value={t('training.progress.completedOf', {
            completed: stats.completed,
            total: stats.total,
          })}
        />
        <StatCard
          size="md"
          testId="certificates-earned"
          icon={<Award className="size-5 text-amber-500" />}
          title={t('training.progress.certificates')}
          value={String(stats.certificates)}
        />
      </div>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('training.progress.courseProgress')}</h2>
        {courses.length === 0 ? (
          <p className="text-sm text-slate-500">{t('training.noCourses')}</p>
        ) : (
          courses.map((course) => (
            <CourseProgress
              key={course.id}
              label={course.title}
              progress={course.progress}
              barLabel={t('training.card.progressOf', { title: course.title })}
            />
          ))
        )}
      </Card>
    </div>
  );
}
