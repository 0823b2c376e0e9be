import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { SignInPage } from './SignInPage';

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page opened from an invitation to a single sign-on organization', () => {
  it('starts with the invited email in the form', () => {
    vi.stubGlobal('window', { location: { search: '?email=kim%40acme.test&lang=en' } });
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client: new QueryClient() }, createElement(SignInPage)),
    );
    expect(/<input[^>]*id="email"[^>]*>/.exec(html)?.[0]).toContain('value="kim@acme.test"');
  });
});
