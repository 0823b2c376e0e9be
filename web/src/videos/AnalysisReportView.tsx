import { type AnalysisReport } from '@hub/proto';
import { readableFailureReason } from '../api/failure-reason';
import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';
import {
  distanceText,
  formatRate,
  formatTimeRange,
  formatTimestamp,
  faceVerdict,
  notYetEnrolledText,
  observedLabel,
  samplingText,
  rejectedText,
  reviewText,
  unidentifiedText,
} from './format';
import { unknownPersonLabel } from '../unknown-people/label';
import { IdentifiedFaceControls, NameFaceControl, type Review } from './FaceReviewControls';
import { useTranslation } from 'react-i18next';

/** What a supervisor needs to review the report's faces; without it the report is read-only. */
export interface ReportReview {
  onReview: Review;
  busy: boolean;
}

interface AnalysisReportViewProps {
  report: AnalysisReport;
  /** Moves the player to a moment (seconds). */
  onSeek: (seconds: number) => void;
  review?: ReportReview;
}

/** Who appears in the video, and what the AI saw of each SOP step. */
export function AnalysisReportView({ report, onSeek, review }: AnalysisReportViewProps) {
  const { t } = useTranslation();
  const identified = report.identifiedOperators;
  return (
    <div data-testid="analysis-report" className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t('videos.report.detected')} testId="report-detected">
          {report.detectedOperators}
        </Figure>
        <Figure label={t('videos.report.identified')} testId="report-identified">
          {identified.length}
        </Figure>
        <Figure label={t('videos.report.rate')} testId="report-rate">
          {formatRate(report.identificationRate)}
        </Figure>
        <Figure label={t('videos.report.unidentified')} testId="report-unidentified">
          {report.unidentifiedPeople.length}
        </Figure>
      </dl>
      <p data-testid="report-sampling" className="text-xs text-slate-500 dark:text-slate-400">
        {t('videos.report.sampling', {
          sampling: samplingText(report),
          threshold: report.matchThreshold,
        })}
      </p>
      {report.notYetEnrolled?.length ? (
        <p
          role="status"
          data-testid="report-not-enrolled"
          className="rounded-md bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {notYetEnrolledText(report.notYetEnrolled.map((person) => person.name))}
        </p>
      ) : null}

      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{t('videos.report.identifiedTitle')}</h3>
        {identified.length === 0 ? (
          <p
            data-testid="report-people-seen"
            className="text-sm text-slate-500 dark:text-slate-400"
          >
            {report.detectedOperators === 0
              ? t('videos.report.noPeopleSeen')
              : t('videos.report.nobody')}
          </p>
        ) : (
          <ul className="space-y-2">
            {identified.map((operator) => {
              const confidence = faceVerdict(operator, report.matchThreshold);
              const reviewed = reviewText(operator);
              return (
                <li
                  key={operator.userId}
                  data-testid="identified-operator"
                  data-operator-name={operator.name}
                  className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{operator.name}</span>
                    <Badge tone={confidence.tone}>{confidence.label}</Badge>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {distanceText(operator, report.matchThreshold)}
                    </span>
                  </div>
                  <Appearances ranges={operator.appearances} onSeek={onSeek} />
                  {reviewed && (
                    <p
                      data-testid="face-review"
                      className="mt-1 text-xs text-slate-500 dark:text-slate-400"
                    >
                      {reviewed}
                    </p>
                  )}
                  {review && (
                    <div className="mt-2">
                      <IdentifiedFaceControls
                        operator={operator}
                        onReview={review.onReview}
                        busy={review.busy}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{t('videos.report.unidentifiedTitle')}</h3>
        <p data-testid="report-unidentified-text" className="text-sm">
          {unidentifiedText(report.unidentifiedPeople.length)}
        </p>
        {report.unidentifiedPeople.length > 0 && (
          <ul className="space-y-1">
            {report.unidentifiedPeople.map((person, index) => {
              const rejected = rejectedText(person);
              return (
                <li
                  key={person.faceId ?? index}
                  data-testid="unidentified-person"
                  className="flex flex-wrap items-center gap-2 text-sm"
                >
                  <span
                    data-testid="unidentified-label"
                    className="text-slate-500 dark:text-slate-400"
                  >
                    {person.unknownPerson
                      ? unknownPersonLabel(person.unknownPerson)
                      : t('videos.report.person', { number: index + 1 })}
                  </span>
                  <Appearances ranges={person.appearances} onSeek={onSeek} />
                  {rejected && (
                    <span
                      data-testid="face-rejected"
                      className="w-full text-xs text-slate-500 dark:text-slate-400"
                    >
                      {rejected}
                    </span>
                  )}
                  {review && (
                    <NameFaceControl
                      faceId={person.faceId}
                      onReview={review.onReview}
                      busy={review.busy}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="space-y-2" data-testid="report-steps">
        <h3 className="text-sm font-semibold">{t('videos.report.stepsTitle')}</h3>
        {report.stepAnalysis.available ? (
          report.stepAnalysis.sops.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('videos.report.noSop')}</p>
          ) : (
            <>
              {report.stepAnalysis.sops.map((sop) => (
                <div
                  key={sop.sopId}
                  data-testid="report-sop"
                  className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800"
                >
                  <p className="font-medium">{sop.sopTitle}</p>
                  {sop.summary && (
                    <p className="text-sm text-slate-600 dark:text-slate-300">{sop.summary}</p>
                  )}
                  <ol className="space-y-2">
                    {sop.steps.map((step, index) => {
                      const verdict = observedLabel(step.observed);
                      return (
                        <li key={index} data-testid="report-step" className="text-sm">
                          <div className="flex flex-wrap items-center gap-2">
                            <span className="font-medium">
                              {index + 1}. {step.step}
                            </span>
                            <Badge tone={verdict.tone}>{verdict.label}</Badge>
                            {step.timestamps.map((time, timeIndex) => (
                              <SeekButton key={timeIndex} seconds={time} onSeek={onSeek}>
                                {formatTimestamp(time)}
                              </SeekButton>
                            ))}
                          </div>
                          {step.remarks && (
                            <p className="mt-0.5 text-slate-500 dark:text-slate-400">
                              {step.remarks}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                </div>
              ))}
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('videos.report.assessedBy', { model: report.stepAnalysis.model })}
              </p>
            </>
          )
        ) : (
          <p data-testid="report-steps-message" className="text-sm text-slate-500">
            {readableFailureReason(report.stepAnalysis.message)}
          </p>
        )}
      </section>
    </div>
  );
}

function Figure({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="text-xl font-semibold">
        {children}
      </dd>
    </div>
  );
}

function Appearances({
  ranges,
  onSeek,
}: {
  ranges: readonly { start: number; end: number }[];
  onSeek: (seconds: number) => void;
}) {
  return (
    <div className="mt-1 flex flex-wrap gap-1.5">
      {ranges.map((range, index) => (
        <SeekButton key={index} seconds={range.start} onSeek={onSeek}>
          {formatTimeRange(range)}
        </SeekButton>
      ))}
    </div>
  );
}

function SeekButton({
  seconds,
  onSeek,
  children,
}: {
  seconds: number;
  onSeek: (seconds: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="seek-button"
      data-seconds={seconds}
      title={t('videos.report.playFrom', { time: formatTimestamp(seconds) })}
      onClick={() => onSeek(seconds)}
      className="rounded-full border border-blue-200 bg-blue-50 px-2 py-0.5 font-mono text-xs text-blue-700 hover:bg-blue-100 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-300"
    >
      {children}
    </button>
  );
}
