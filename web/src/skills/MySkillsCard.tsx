import { useQuery } from '@tanstack/react-query';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { LEVEL_TONES, levelLabel, ownStanding } from './format';
import { skillsMatrixQuery } from './queries';

/** An operator's own standing per SOP (their row of the skills matrix), on the Training page. */
export function MySkillsCard() {
  const matrix = useQuery(skillsMatrixQuery({ page: 1, sopPage: 1 }));
  const skills = matrix.data ? ownStanding(matrix.data) : [];
  return (
    <Card className="space-y-3" testId="my-skills">
      <CardTitle>My Skills</CardTitle>
      {matrix.isPending ? (
        <LoadingRow label="Loading your skills..." />
      ) : matrix.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Failed to load your skills
        </p>
      ) : skills.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No SOPs yet: your level on each appears once you are observed on it or a job function of
          yours requires it.
        </p>
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
