import { Fragment, type ReactNode, useRef, useState } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardTitle, Skeleton } from '../ui/Card';

/** Series colours, readable on the light and the dark theme. */
export const CHART_COLOURS = {
  blue: '#3b82f6',
  green: '#22c55e',
  amber: '#f59e0b',
  red: '#ef4444',
  grid: '#94a3b833',
  axis: '#94a3b8',
} as const;

const AXIS_FONT_SIZE = 12;
export const axisProps = { stroke: CHART_COLOURS.axis, fontSize: AXIS_FONT_SIZE } as const;

/** A category axis's width, and what its labels may take of it: less the tick and its gap. */
export const CATEGORY_AXIS_WIDTH = 140;
export const CATEGORY_LABEL_WIDTH = CATEGORY_AXIS_WIDTH - 12;

let measuring: CanvasRenderingContext2D | null | undefined;

/**
 * A text's width in pixels in the axis's font (the page's family at 12 px), measured on a canvas;
 * where there is none to measure on, the widest case of 12 px text (0.62 em a character).
 */
export function axisTextWidth(text: string): number {
  if (measuring === undefined) {
    measuring = document.createElement('canvas').getContext('2d');
    if (measuring) {
      measuring.font = `${AXIS_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
    }
  }
  return measuring ? measuring.measureText(text).width : [...text].length * AXIS_FONT_SIZE * 0.62;
}

/**
 * The hover tooltip's lines in dark text on its white box: Recharts colours each line like its
 * series, and amber or green text on white fails WCAG contrast (found by axe-core).
 */
export const tooltipProps = {
  contentStyle: { color: '#0f172a' },
  itemStyle: { color: '#0f172a' },
} as const;

/**
 * A card holding one chart at a fixed height (Recharts measures its container). The card may
 * shrink below its chart's last drawn width (`min-w-0`: a grid item is otherwise as wide as its
 * content), so a window made narrower, a tablet turned upright, redraws the chart to fit instead
 * of leaving it as wide as before, past the edge.
 */
export function ChartCard(props: {
  title: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card testId={props.testId} className="min-w-0 space-y-3">
      <CardTitle>{props.title}</CardTitle>
      {props.loading ? (
        <Skeleton className="h-64 w-full" />
      ) : props.empty ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{props.emptyText}</p>
      ) : (
        <div className="h-64 w-full">
          <ChartAtItsWidth>{props.children}</ChartAtItsWidth>
        </div>
      )}
    </Card>
  );
}

/**
 * A chart drawn anew whenever its container's width changes. Recharts (3.10) moves a chart's
 * axes and grid to a new width but leaves a line's points where they were first drawn, with
 * animations off as under reduced motion: a trend drawn on a desktop and then narrowed (a tablet
 * turned upright) kept its last weeks past the plot's edge, cut off.
 */
function ChartAtItsWidth({ children }: { children: ReactNode }) {
  const drawnAt = useRef<number | null>(null);
  const [drawing, setDrawing] = useState(0);
  const onResize = (measured: number) => {
    const width = Math.round(measured);
    // The first measurement is the width the chart is first drawn at: nothing to draw again.
    if (drawnAt.current !== null && drawnAt.current !== width) setDrawing((count) => count + 1);
    drawnAt.current = width;
  };
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={onResize}>
      <Fragment key={drawing}>{children}</Fragment>
    </ResponsiveContainer>
  );
}
