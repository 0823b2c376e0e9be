import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/Card';
import { inputClass, smallOutlineButtonClass } from '../ui/styles';
import { removeAt, replaceAt, type DraftErrors } from './evaluationText';

/** The evaluation's key learning points: up to 30 lines, each with its message. */
export function LearningPoints(props: {
  points: string[];
  shown: DraftErrors;
  onChange: (points: string[]) => void;
}) {
  const { t } = useTranslation();
  const { points, shown, onChange } = props;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{t('evaluations.keyLearningPoints')}</h2>
      {points.map((point, index) => (
        <div key={index} className="flex items-start gap-2">
          <div className="flex-1">
            <input
              aria-label={t('evaluations.learningPoint', { number: index + 1 })}
              value={point}
              maxLength={500}
              onChange={(event) => onChange(replaceAt(points, index, event.target.value))}
              className={inputClass}
            />
            {shown[`keyLearningPoints.${index}`] && (
              <p role="alert" className="mt-1 text-xs text-red-600">
                {shown[`keyLearningPoints.${index}`]}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label={t('evaluations.removeLearningPoint', { number: index + 1 })}
            onClick={() => onChange(removeAt(points, index))}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="size-4" />
          </button>
        </div>
      ))}
      {shown['keyLearningPoints'] && (
        <p role="alert" className="text-xs text-red-600">
          {shown['keyLearningPoints']}
        </p>
      )}
      <button
        type="button"
        disabled={points.length >= 30}
        onClick={() => onChange([...points, ''])}
        className={smallOutlineButtonClass}
      >
        <Plus className="size-3.5" /> {t('evaluations.addLearningPoint')}
      </button>
    </Card>
  );
}
