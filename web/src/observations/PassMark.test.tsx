import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../api/queries';
import { PassMark } from './ObservationsPage';
import { observationSettingsQuery } from './queries';

/** The pass mark after its settings were read once and a later read failed (a phone offline). */
function afterFailedRefetch(): string {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, null);
  client.setQueryData(observationSettingsQuery.queryKey, { passMark: 80 });
  client
    .getQueryCache()
    .find({ queryKey: observationSettingsQuery.queryKey })!
    .setState({ status: 'error', error: new Error('offline') });
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(PassMark)),
  );
}

describe('the pass mark', () => {
  it('stays shown with the mark read when a later read fails, not taken from under a tap', () => {
    const html = afterFailedRefetch();
    expect(html).toContain('data-testid="pass-mark"');
    expect(html).toContain('80%');
  });
});
