import { type Recommendation } from '@hub/proto';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { linkClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { decisionText, PRIORITY_TONES } from './format';
import { useDecideRecommendation } from './mutations';
import { useTranslation } from 'react-i18next';
import { evidenceLabel, evidenceValue, recommendationWords } from './texts';

/** One recommendation: why (evidence, linked), what to do (action) and its decision. */
export function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const { t } = useTranslation();
  const words = recommendationWords(recommendation);
  const decide = useDecideRecommendation(recommendation);
  const decision = decisionText(recommendation);

  return (
    <Card testId="recommendation">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={PRIORITY_TONES[recommendation.priority]} testId="recommendation-priority">
          {t(`recommendations.priorities.${recommendation.priority}`)}
        </Badge>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {t(`recommendations.categories.${recommendation.category}`)}
        </span>
      </div>
      <h3 className="mt-2 font-semibold" data-testid="recommendation-title">
        {words.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{words.description}</p>
      {recommendation.evidence.length > 0 && (
        <dl className="mt-3 grid gap-1 text-xs sm:grid-cols-2">
          {recommendation.evidence.map((item, index) => (
            <div key={index} className="flex gap-2">
              <dt className="text-slate-500 dark:text-slate-400">{evidenceLabel(item)}</dt>
              <dd className="font-medium">
                {item.href ? (
                  <a href={item.href} className={linkClass}>
                    {evidenceValue(item) ?? t('recommendations.open')}
                  </a>
                ) : (
                  evidenceValue(item)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <a href={recommendation.action.href} className={smallButtonClass}>
          {words.action}
        </a>
        {recommendation.state === 'active' ? (
          <>
            <button
              type="button"
              data-testid="implement-recommendation"
              disabled={decide.isPending}
              onClick={() => decide.mutate('implement')}
              className={smallOutlineButtonClass}
            >
              {t('recommendations.markImplemented')}
            </button>
            <button
              type="button"
              data-testid="dismiss-recommendation"
              disabled={decide.isPending}
              onClick={() => decide.mutate('dismiss')}
              className={smallOutlineButtonClass}
            >
              {t('recommendations.dismiss')}
            </button>
          </>
        ) : (
          <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="decision">
            {decision} · {formatDateTime(recommendation.decidedAt)}
          </span>
        )}
      </div>
    </Card>
  );
}
