import {
  type Finding,
  type FindingPage,
  MAX_FINDINGS_PER_OBSERVATION,
  type ObservationSession,
} from '@hub/proto';
import { InfiniteQueryObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FindingsPanel } from './FindingsPanel';
import { findingPagesQuery, storeFinding } from './queries';
import type { OutboxItem } from './sessionOutbox';

const finding = (id: number): Finding => ({
  id,
  severity: 'low',
  category: 'quality',
  note: `Finding ${id}`,
  status: 'open',
  createdAt: '2026-01-01T00:05:00.000Z',
  resolvedAt: null,
});

const waiting = (key: string): OutboxItem => ({
  kind: 'finding',
  key,
  recordedAt: '2026-01-01T00:06:00.000Z',
  body: { severity: 'high', category: 'safety', note: 'Waiting', idempotencyKey: key },
});

const base: ObservationSession = {
  id: 9,
  evaluationId: 1,
  evaluationTitle: 'Cooling',
  sopDocumentId: 2,
  operatorId: 3,
  operatorName: 'Otto',
  observerName: 'Tess',
  status: 'in_progress',
  currentQuestionIndex: 0,
  totalQuestions: 1,
  questions: [{ id: 'q1', text: 'How?', category: 'Safety', options: ['A', 'B'] }],
  startedAt: '2026-01-01T00:00:00.000Z',
  initialNotes: '',
  findingCount: 0,
  openFindings: 0,
  findings: [],
  findingsCursor: null,
  score: null,
  passed: null,
  passMark: 80,
  completedAt: null,
  durationSeconds: null,
  responses: [],
};

/** The panel of a session showing `findings` of the `held` (all open) it holds. */
function panel(findings: number, queued: OutboxItem[] = [], held = findings): string {
  const session = {
    ...base,
    findingCount: held,
    openFindings: held,
    findings: Array.from({ length: findings }, (_, index) => finding(index + 1)),
  };
  const outbox = { items: queued, record: () => undefined, onlyOnThisPage: false };
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(FindingsPanel, { session, canRecord: true, canResolve: false, outbox }),
    ),
  );
}

describe('the findings panel at the cap', () => {
  it('records below the cap, and says the observation is full at it (waiting ones counted)', () => {
    expect(panel(1)).toContain('record-finding');
    const almost = panel(MAX_FINDINGS_PER_OBSERVATION - 1, [waiting('k1')]);
    expect(almost).not.toContain('record-finding');
    expect(almost).toContain(
      `An observation can hold at most ${MAX_FINDINGS_PER_OBSERVATION} findings.`,
    );
    expect(panel(MAX_FINDINGS_PER_OBSERVATION)).toContain('findings-full');
  });
});

describe('the findings panel of an observation recorded past the cap', () => {
  it('counts every finding it holds and says only the first are shown', () => {
    const shown = MAX_FINDINGS_PER_OBSERVATION;
    const markup = panel(shown, [], shown + 50);
    expect(markup).toContain(`Findings (${shown + 50})`);
    expect(markup).toContain(`Showing the first ${shown} of ${shown + 50} findings.`);
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(shown);
    expect(markup).toContain('findings-full');
  });

  it('says nothing of the kind when every finding is shown', () => {
    const markup = panel(3);
    expect(markup).toContain('Findings (3)');
    expect(markup).not.toContain('findings-truncated');
  });
});

const HELD = MAX_FINDINGS_PER_OBSERVATION + 50;
/** The session of an observation past the cap: the first 100 of 150, and where the rest go on. */
const pastCap: ObservationSession = {
  ...base,
  status: 'completed',
  findingCount: HELD,
  openFindings: HELD,
  findings: Array.from({ length: MAX_FINDINGS_PER_OBSERVATION }, (_, index) => finding(index + 1)),
  findingsCursor: 'after-100',
};

const pageOf = (from: number, to: number, nextCursor: string | null): FindingPage => ({
  totalCount: HELD,
  nextCursor,
  findings: Array.from({ length: to - from + 1 }, (_, index) => finding(from + index)),
});

const render = (client: QueryClient, session = pastCap) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(FindingsPanel, { session, canRecord: false, canResolve: true }),
    ),
  );

/** Answers the findings' pages by cursor, and records which were asked for. */
function serveFindingPages(pages: Record<string, FindingPage>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const cursor = new URL(url, 'http://app.test').searchParams.get('cursor') ?? '';
      asked.push(url);
      return new Response(JSON.stringify(pages[cursor]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

describe('"Show more findings" of an observation past the cap', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the rest of the findings, none loaded until asked for', () => {
    const markup = render(new QueryClient());
    expect(markup).toContain('data-testid="show-more-findings"');
    expect(markup).toContain('Show more findings');
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    // Every finding shown: nothing more to offer.
    expect(
      render(new QueryClient(), { ...pastCap, findingCount: 100, findingsCursor: null }),
    ).not.toContain('show-more-findings');
  });

  it("loads the pages after the session's cursor, page after page, to every finding, each resolvable", async () => {
    const asked = serveFindingPages({
      'after-100': pageOf(101, 140, 'after-140'),
      'after-140': pageOf(141, HELD, null),
    });
    const client = new QueryClient();
    const options = findingPagesQuery(pastCap.id, pastCap.findingsCursor);
    // What the button's first press and the next one fetch.
    await client.fetchInfiniteQuery(options);
    let markup = render(client);
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(140);
    expect(markup).toContain(`Showing the first 140 of ${HELD} findings.`);
    expect(markup).toContain('show-more-findings');
    await new InfiniteQueryObserver(client, options).fetchNextPage();
    markup = render(client);
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(HELD);
    expect(markup.match(/data-testid="resolve-finding"/g)).toHaveLength(HELD);
    expect(markup).toContain(`Finding ${HELD}<`);
    expect(markup).not.toContain('show-more-findings');
    expect(markup).not.toContain('findings-truncated');
    expect(asked).toEqual([
      `/api/observations/9/findings?cursor=after-100&limit=${MAX_FINDINGS_PER_OBSERVATION}`,
      `/api/observations/9/findings?cursor=after-140&limit=${MAX_FINDINGS_PER_OBSERVATION}`,
    ]);
  });

  it('a paged finding resolved shows resolved where it is listed, the session only counting it', async () => {
    serveFindingPages({ 'after-100': pageOf(101, HELD, null) });
    const client = new QueryClient();
    client.setQueryData(['/api/observations/:id', pastCap.id], pastCap);
    await client.fetchInfiniteQuery(findingPagesQuery(pastCap.id, pastCap.findingsCursor));
    storeFinding(client, pastCap.id, { ...finding(120), status: 'resolved', resolvedAt: 'x' });
    const session = client.getQueryData<ObservationSession>(['/api/observations/:id', pastCap.id])!;
    expect(session.findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    expect(session).toMatchObject({ findingCount: HELD, openFindings: HELD - 1 });
    const markup = render(client, session);
    expect(markup.match(/data-status="resolved"/g)).toHaveLength(1);
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(HELD);
  });
});
