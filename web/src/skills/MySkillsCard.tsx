import { useQuery } from '@tanstack/react-query';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { LEVEL_TONES, levelLabel, ownStanding } from './format';
import { skillsMatrixQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** An operator's own standing per SOP (their row of the skills matrix), on the Training page. */
export function MySkillsCard() {
  const { t } = useTranslation();
  const matrix = useQuery(skillsMatrixQuery({ page: 1, sopPage: 1 }));
  const skills = matrix.data ? ownStanding(matrix.data) : [];
  return (
    <Card className="space-y-3" testId="my-skills">
      <CardTitle>{t('skills.mine.title')}</CardTitle>
      {matrix.isPending ? (
        <LoadingRow label={t('skills.mine.loading')} />
      ) : matrix.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('skills.mine.loadFailed')}
        </p>
      ) : skills.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('skills.mine.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {skills.map((skill) => (
            <li
              key={skill.documentId}
              data-testid="my-skill-row"
              data-level={skill.level}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
            >
              <span className="min-w-0 font-medium break-words">{skill.title}</span>
              <Badge tone={LEVEL_TONES[skill.level]}>{levelLabel(skill.level)}</Badge>
              <span className="w-full text-xs text-slate-600 dark:text-slate-400">
                {skill.summary}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
