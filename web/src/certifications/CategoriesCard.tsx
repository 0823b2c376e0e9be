import type { CertificationList } from '@hub/proto';
import { Card, CardTitle } from '../ui/Card';
import { categoryLabel, categoryShare } from './format';
import { useTranslation } from 'react-i18next';

/** Certifications per category: the SOPs' tags, or the course's category. */
export function CategoriesCard({
  categories,
}: {
  categories: CertificationList['categories'] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card testId="cert-categories">
      <CardTitle>{t('certifications.categories')}</CardTitle>
      {categories && categories.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('certifications.noCategories')}</p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {(categories ?? []).map((category) => (
          <li key={category.name} data-testid="cert-category">
            <div className="flex justify-between text-sm">
              <span>{categoryLabel(category.name)}</span>
              <span className="font-medium" data-testid="cert-category-count">
                {category.count}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
              <div
                className="h-2 rounded-full bg-blue-600"
                style={{ width: `${categoryShare(category.count, categories ?? [])}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
